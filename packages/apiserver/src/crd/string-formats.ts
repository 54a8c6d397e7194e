/**
 * The string formats CRD schemas may declare, checked the way kube-openapi's strfmt registry
 * checks them. Any other format (int32, int64, float, ...) is stripped before validation by
 * apiextensions (StripUnsupportedFormatsPostProcess), so it constrains nothing.
 */
import { isIPv6 } from 'node:net';

const hostnamePattern =
  /^([a-zA-Z0-9\p{S}\p{L}]((-?[a-zA-Z0-9\p{S}\p{L}]{0,62})?)|([a-zA-Z0-9\p{S}\p{L}](([a-zA-Z0-9\-\p{S}\p{L}]{0,61}[a-zA-Z0-9\p{S}\p{L}])?)(\.)){1,}([a-zA-Z\p{L}]){2,63})$/u;
const uuidPattern = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const uuid3Pattern = /^[0-9a-f]{8}-?[0-9a-f]{4}-?3[0-9a-f]{3}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const uuid4Pattern = /^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
const uuid5Pattern = /^[0-9a-f]{8}-?[0-9a-f]{4}-?5[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/;
const octet = '(0|[1-9]\\d?|1\\d\\d?|2[0-4]\\d|25[0-5])';
const rgbPattern = new RegExp(`^rgb\\(\\s*${octet}\\s*,\\s*${octet}\\s*,\\s*${octet}\\s*\\)$`);
const goDurationPattern = /^[-+]?(((\d+(\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h))+|0)$/;
const unitWords = new Set(
  [
    'ns nano nanos nanosecond nanoseconds',
    'us µs micro micros microsecond microseconds',
    'ms milli millis millisecond milliseconds',
    's sec secs second seconds',
    'm min mins minute minutes',
    'h hr hrs hour hours',
    'd day days',
    'w wk week weeks',
  ]
    .join(' ')
    .split(' '),
);

function isDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** strfmt.IsDateTime: full-date "T" time with offset, case-insensitive. */
function isDateTime(value: string): boolean {
  if (value.length < 4) return false;
  const parts = value.toLowerCase().split('t');
  if (parts.length < 2 || !isDate(parts[0]!)) return false;
  const time = /^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$/.exec(parts[1]!);
  if (!time) return false;
  return time[1]! <= '23' && time[2]! <= '59' && time[3]! <= '59';
}

/** strfmt.ParseDuration: Go durations, or "<n> <unit word>" groups anywhere in the text. */
function isDuration(value: string): boolean {
  if (goDurationPattern.test(value)) return true;
  for (const match of value.matchAll(/((\d+)\s*([A-Za-zµ]+))/g)) {
    if (unitWords.has(match[3]!.toLowerCase())) return true;
  }
  return false;
}

/** net.ParseIP after the "sloppy" leading-zero tolerance, IPv4 dotted quads only. */
function isIPv4Sloppy(value: string): boolean {
  const parts = value.split('.');
  if (parts.length !== 4) return value.includes(':') && value.includes('.') && isIPv6(value);
  return parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}

function isCIDR(value: string): boolean {
  const slash = value.indexOf('/');
  if (slash < 0) return false;
  const ip = value.slice(0, slash);
  const prefix = value.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefix)) return false;
  if (isIPv4Sloppy(ip) && !ip.includes(':')) return Number(prefix) <= 32;
  return isIPv6(ip) && Number(prefix) <= 128;
}

function isMAC(value: string): boolean {
  const colon = /^([0-9a-fA-F]{2}[:-]){5}[0-9a-fA-F]{2}$|^([0-9a-fA-F]{2}[:-]){7}[0-9a-fA-F]{2}$|^([0-9a-fA-F]{2}[:-]){19}[0-9a-fA-F]{2}$/;
  const dotted = /^([0-9a-fA-F]{4}\.){2}[0-9a-fA-F]{4}$|^([0-9a-fA-F]{4}\.){3}[0-9a-fA-F]{4}$|^([0-9a-fA-F]{4}\.){9}[0-9a-fA-F]{4}$/;
  if (colon.test(value)) return new Set(value.replace(/[0-9a-fA-F]/g, '')).size === 1;
  return dotted.test(value);
}

function isISBN10(value: string): boolean {
  const s = value.replace(/[\s-]/g, '');
  if (!/^\d{9}[\dX]$/.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (i + 1) * Number(s[i]);
  sum += s[9] === 'X' ? 100 : 10 * Number(s[9]);
  return sum % 11 === 0;
}

function isISBN13(value: string): boolean {
  const s = value.replace(/[\s-]/g, '');
  if (!/^\d{13}$/.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(s[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(s[12]);
}

function isCreditCard(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  if (
    !/^(?:4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|6(?:011|5[0-9][0-9])[0-9]{12}|3[47][0-9]{13}|3(?:0[0-5]|[68][0-9])[0-9]{11}|(?:2131|1800|35\d{3})\d{11})$/.test(
      digits,
    )
  ) {
    return false;
  }
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = Number(digits[i]);
    if (double) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

const validators: Record<string, (value: string) => boolean> = {
  bsonobjectid: (v) => /^[0-9a-fA-F]{24}$/.test(v),
  uri: (v) => /^([a-zA-Z][a-zA-Z0-9+.-]*:|\/)\S*$/.test(v),
  email: (v) => /^[^\s@<>()]+@[^\s@<>()]+$/.test(v) || /^[^<>]*<[^\s@<>()]+@[^\s@<>()]+>$/.test(v),
  hostname: (v) => hostnamePattern.test(v) && v.length <= 255 && v.split('.').every((p) => Buffer.byteLength(p) <= 63),
  ipv4: isIPv4Sloppy,
  ipv6: (v) => v.includes(':') && isIPv6(v),
  cidr: isCIDR,
  mac: isMAC,
  uuid: (v) => uuidPattern.test(v),
  uuid3: (v) => uuid3Pattern.test(v),
  uuid4: (v) => uuid4Pattern.test(v),
  uuid5: (v) => uuid5Pattern.test(v),
  isbn: (v) => isISBN10(v) || isISBN13(v),
  isbn10: isISBN10,
  isbn13: isISBN13,
  creditcard: isCreditCard,
  ssn: (v) => /^\d{3}[- ]?\d{2}[- ]?\d{4}$/.test(v),
  hexcolor: (v) => /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(v),
  rgbcolor: (v) => rgbPattern.test(v),
  byte: (v) => base64Pattern.test(v),
  password: () => true,
  date: isDate,
  duration: isDuration,
  datetime: isDateTime,
};

/** go-openapi normalizes format names by dropping dashes: "date-time" is "datetime". */
function normalize(format: string): string {
  return format.replaceAll('-', '');
}

/** The format as apiextensions keeps it: unsupported formats become "". */
export function effectiveFormat(format: string | undefined): string {
  if (!format) return '';
  return normalize(format) in validators ? format : '';
}

/** Whether `value` satisfies a supported `format`; unknown formats accept everything. */
export function matchesFormat(format: string, value: string): boolean {
  const check = validators[normalize(format)];
  return check ? check(value) : true;
}

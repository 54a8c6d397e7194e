/**
 * Name and label validation with apimachinery's rules and messages. Object names follow
 * util/validation (lengths said in "characters"); label keys, label values and every other
 * qualified name follow 1.37's api/validate/content (lengths said in "bytes"). Both count
 * UTF-8 bytes, as Go's len() does.
 */

const dns1123LabelFmt = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const dns1123SubdomainFmt = `${dns1123LabelFmt}(\\.${dns1123LabelFmt})*`;
const dns1123Label = new RegExp(`^${dns1123LabelFmt}$`);
const dns1123Subdomain = new RegExp(`^${dns1123SubdomainFmt}$`);
const qualifiedNameFmt = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const qualifiedName = new RegExp(`^${qualifiedNameFmt}$`);
const labelValue = new RegExp(`^(${qualifiedNameFmt})?$`);

export const dns1123SubdomainMaxLength = 253;
export const dns1123LabelMaxLength = 63;
const labelMaxLength = 63;

/** The length Go's len() gives a string: its UTF-8 bytes (a lone surrogate decodes to U+FFFD, 3 bytes). */
export function utf8Length(value: string): number {
  let bytes = 0;
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < value.length && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** util/validation says "characters", content (label keys and values, their prefixes) says "bytes". */
type LengthUnit = 'characters' | 'bytes';
const maxLenError = (max: number, unit: LengthUnit): string => `must be no more than ${max} ${unit}`;

/** Returns problems with a DNS-1123 subdomain (most object names); empty when valid. */
export function validateDNS1123Subdomain(value: string, unit: LengthUnit = 'characters'): string[] {
  const errs: string[] = [];
  if (utf8Length(value) > dns1123SubdomainMaxLength) errs.push(maxLenError(dns1123SubdomainMaxLength, unit));
  if (!dns1123Subdomain.test(value)) {
    errs.push(
      "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '" +
        dns1123SubdomainFmt +
        "')",
    );
  }
  return errs;
}

/** Returns problems with a DNS-1123 label (namespace names, service names); empty when valid. */
export function validateDNS1123Label(value: string): string[] {
  const errs: string[] = [];
  if (utf8Length(value) > dns1123LabelMaxLength) errs.push(maxLenError(dns1123LabelMaxLength, 'characters'));
  if (!dns1123Label.test(value)) {
    errs.push(
      "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '" +
        dns1123LabelFmt +
        "')",
    );
  }
  return errs;
}

/** Label and annotation keys (content.IsLabelKey): optional DNS subdomain prefix, '/', then a qualified name. */
export function validateQualifiedName(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) name = parts[0]!;
  else if (parts.length === 2) {
    const prefix = parts[0]!;
    name = parts[1]!;
    if (prefix.length === 0) errs.push('prefix part must be non-empty');
    else for (const msg of validateDNS1123Subdomain(prefix, 'bytes')) errs.push(`prefix part ${msg}`);
  } else {
    return [
      "a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '" +
        qualifiedNameFmt +
        "') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ];
  }
  if (name.length === 0) errs.push('name part must be non-empty');
  else if (utf8Length(name) > labelMaxLength) errs.push(`name part ${maxLenError(labelMaxLength, 'bytes')}`);
  // content.IsLabelKey checks the pattern even after an empty name part: both errors are given.
  if (!qualifiedName.test(name)) {
    errs.push(
      "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '" +
        qualifiedNameFmt +
        "')",
    );
  }
  return errs;
}

export function validateLabelValue(value: string): string[] {
  const errs: string[] = [];
  if (utf8Length(value) > labelMaxLength) errs.push(maxLenError(labelMaxLength, 'bytes'));
  if (!labelValue.test(value)) {
    errs.push(
      "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(" +
        qualifiedNameFmt +
        ")?')",
    );
  }
  return errs;
}

/**
 * List continuation tokens: the list's revision and the last key served, base64 JSON like
 * kube-apiserver's. Pages after the first are read at the first page's revision (a snapshot,
 * as etcd serves them); once that revision is compacted away the token has expired, and the
 * 410 carries a token at revision -1 that continues, inconsistently, from the latest state.
 */
import { newBadRequest, newResourceExpired, type StatusError } from '@dojo/kube-api';

export interface ContinueToken {
  rv: number;
  start: string;
}

export function encodeContinue(token: ContinueToken): string {
  return Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv: token.rv, start: token.start })).toString('base64url');
}

/** base64.RawURLEncoding.DecodeString: the URL alphabet, no padding; Go names the first bad byte. */
function decodeRawBase64Url(text: string): Buffer | string {
  const bad = text.search(/[^A-Za-z0-9_-]/);
  if (bad >= 0) return `illegal base64 data at input byte ${bad}`;
  // A lone last character carries fewer than 8 bits: Go reports the byte where the quantum starts.
  if (text.length % 4 === 1) return `illegal base64 data at input byte ${text.length - 1}`;
  return Buffer.from(text, 'base64url');
}

/** Go's backslash escapes in strconv.Quote. */
const goEscapes: Record<number, string> = { 0x07: 'a', 0x08: 'b', 0x0c: 'f', 0x0a: 'n', 0x0d: 'r', 0x09: 't', 0x0b: 'v', 0x5c: '\\' };

/** encoding/json's quoteChar: the offending byte (as a rune) quoted as strconv.Quote does, in single quotes. */
function goQuoteChar(byte: number): string {
  if (byte === 0x27) return `'\\''`;
  if (byte === 0x22) return `'"'`;
  const hex = byte.toString(16).padStart(2, '0');
  if (goEscapes[byte]) return `'\\${goEscapes[byte]}'`;
  if (byte < 0x20 || byte === 0x7f) return `'\\x${hex}'`;
  // C1 controls and the soft hyphen are not printable runes: \u escapes; the rest of Latin-1 prints.
  if ((byte >= 0x80 && byte < 0xa0) || byte === 0xad) return `'\\u00${hex}'`;
  return `'${String.fromCharCode(byte)}'`;
}

/** What json.Unmarshal says of bytes that are no JSON value (the common cases; others get its generic end-of-input words). */
function jsonSyntaxError(data: Buffer): string {
  let i = 0;
  while (i < data.length && [0x20, 0x09, 0x0a, 0x0d].includes(data[i]!)) i++;
  if (i === data.length) return 'unexpected end of JSON input';
  if (!'{["-0123456789tfn'.includes(String.fromCharCode(data[i]!))) return `invalid character ${goQuoteChar(data[i]!)} looking for beginning of value`;
  return 'unexpected end of JSON input';
}

/**
 * storage.DecodeContinue, refused as ValidateListOptions refuses it: `invalid continue token: `
 * and the reason (base64, JSON, an unknown version, a zero revision, an empty or unclean key).
 */
export function decodeContinue(text: string): ContinueToken {
  const invalid = (why: string) => newBadRequest(`invalid continue token: ${why}`);
  const generic = 'continue key is not valid';
  const data = decodeRawBase64Url(text);
  if (typeof data === 'string') throw invalid(`${generic}: ${data}`);
  let parsed: { v?: unknown; rv?: unknown; start?: unknown };
  try {
    parsed = JSON.parse(data.toString('utf8')) as typeof parsed;
  } catch {
    throw invalid(`${generic}: ${jsonSyntaxError(data)}`);
  }
  // null decodes into the zero token; any other non-object is a type error.
  if (parsed === null) parsed = {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    const goType = Array.isArray(parsed) ? 'array' : typeof parsed === 'boolean' ? 'bool' : typeof parsed;
    throw invalid(`${generic}: json: cannot unmarshal ${goType} into Go value of type storage.continueToken`);
  }
  const version = typeof parsed.v === 'string' ? parsed.v : '';
  if (version !== 'meta.k8s.io/v1') throw invalid(`${generic}: server does not recognize this encoded version ${version}`);
  const rv = typeof parsed.rv === 'number' ? parsed.rv : 0;
  if (rv === 0) throw invalid(`${generic}: incorrect encoded start resourceVersion (version meta.k8s.io/v1)`);
  const start = typeof parsed.start === 'string' ? parsed.start : '';
  if (start === '') throw invalid(`${generic}: encoded start key empty (version meta.k8s.io/v1)`);
  // path.Clean must leave the key as it is: no way up or around the resource's prefix.
  const key = start.startsWith('/') ? start : `/${start}`;
  if (/\/\/|\/\.\.?(\/|$)|.\/$/.test(key)) throw invalid(`${generic}: ${start}`);
  return { rv, start };
}

/** etcd3's handleCompactedErrorForPaging: 410 Expired, with a token to go on at the latest revision. */
export function newContinueExpired(start: string): StatusError {
  const err = newResourceExpired(
    'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, ' +
      'or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an ' +
      'inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.',
  );
  err.status.metadata = { continue: encodeContinue({ rv: -1, start }) };
  return err;
}

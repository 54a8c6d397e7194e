/**
 * The words Go's decoders use for input they refuse, for the answers kube-apiserver words with
 * them (a continue token is base64 then JSON: storage.DecodeContinue). Only what a client can
 * provoke in one byte is reproduced: the first byte base64 refuses, and a JSON text that cannot
 * begin (encoding/json's scanner checks the whole text before decoding).
 */

const base64UrlAlphabet = /[A-Za-z0-9_-]/;

/** base64.RawURLEncoding's CorruptInputError, or undefined for text it decodes. */
export function rawUrlBase64Error(text: string): string | undefined {
  let symbols = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\r' || c === '\n') continue; // the decoder skips newlines
    if (!base64UrlAlphabet.test(c)) return `illegal base64 data at input byte ${i}`;
    symbols++;
  }
  // One symbol left over holds no whole byte: refused at that symbol.
  return symbols % 4 === 1 ? `illegal base64 data at input byte ${text.trimEnd().length - 1}` : undefined;
}

/** encoding/json's SyntaxError when `bytes` cannot even begin a JSON value, else undefined. */
export function jsonStartError(bytes: Uint8Array): string | undefined {
  const first = bytes.find((b) => b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d);
  if (first === undefined) return 'unexpected end of JSON input';
  return '{["-0123456789tfn'.includes(String.fromCharCode(first)) ? undefined : `invalid character ${quoteChar(first)} looking for beginning of value`;
}

/** encoding/json's quoteChar: the byte as a rune, quoted by strconv.Quote between single quotes. */
export function quoteChar(byte: number): string {
  if (byte === 0x27) return `'\\''`;
  if (byte === 0x22) return `'"'`;
  return `'${goQuoteRune(byte)}'`;
}

const shortEscapes: Record<number, string> = { 0x07: '\\a', 0x08: '\\b', 0x0c: '\\f', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t', 0x0b: '\\v', 0x5c: '\\\\' };
const printable = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

/** strconv.Quote's body for one rune below U+0100: printable as itself, else escaped. */
function goQuoteRune(rune: number): string {
  if (shortEscapes[rune]) return shortEscapes[rune];
  const char = String.fromCharCode(rune);
  if (printable.test(char)) return char;
  return rune < 0x80 ? `\\x${rune.toString(16).padStart(2, '0')}` : `\\u${rune.toString(16).padStart(4, '0')}`;
}

/**
 * Go's `%q` of a string (strconv.Quote), as apimachinery prints a bad string value in a field
 * error: printable runes as they are, the C escapes Go knows (\a \b \f \n \r \t \v), other
 * control bytes as \xHH and other unprintable runes as \uHHHH or \UHHHHHHHH. JSON's escaping
 * differs on exactly those (\u0000 for \x00, \u0007 for \a, DEL and U+00A0 kept as they are).
 */
const shortEscapes: Readonly<Record<string, string>> = {
  '\x07': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
  '\\': '\\\\',
  '"': '\\"',
};

/** unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. */
const printable = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

const hex = (code: number, width: number): string => code.toString(16).padStart(width, '0');

export function goQuote(value: string): string {
  let out = '"';
  for (const rune of value) {
    const code = rune.codePointAt(0)!;
    if (shortEscapes[rune]) out += shortEscapes[rune];
    else if (printable.test(rune)) out += rune;
    else if (code < 0x80) out += `\\x${hex(code, 2)}`;
    else if (code < 0x10000) out += `\\u${hex(code, 4)}`;
    else out += `\\U${hex(code, 8)}`;
  }
  return `${out}"`;
}

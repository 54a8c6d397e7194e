/**
 * The texts of an HTTP `Warning` header as kube-apiserver writes it (`299 - "text"`, RFC 7234
 * §5.5), read the way apimachinery's ParseWarningHeaders does: comma-separated values (the
 * browser joins repeated headers with ", "), backslash escapes inside the quotes, an optional
 * quoted warn-date, a value that does not parse ends the header. Only warn-code 299 with a text
 * counts, as in client-go's default WarningHandler. Shared by the runtime's transport and the
 * browser's API client; both hand over header bytes one char per byte.
 */

export function parseWarningHeader(header: string | null): string[] {
  const texts: string[] = [];
  let rest = (header ?? '').trim();
  while (rest.length > 0) {
    const codeAndAgent = /^(\d{3}) ([^ ]+) /.exec(rest);
    if (!codeAndAgent) break;
    const quoted = readQuoted(rest.slice(codeAndAgent[0].length));
    if (!quoted) break;
    let after = quoted.rest.trimStart();
    if (after.startsWith('"')) {
      const end = after.indexOf('"', 1);
      if (end < 0) break;
      after = after.slice(end + 1).trimStart();
    }
    if (after.length > 0 && !after.startsWith(',')) break;
    const text = decodeEncodedWords(utf8FromByteString(quoted.text));
    if (codeAndAgent[1] === '299' && text.length > 0) texts.push(text);
    rest = after.slice(1).trimStart();
  }
  return texts;
}

function readQuoted(input: string): { text: string; rest: string } | undefined {
  if (!input.startsWith('"')) return undefined;
  let text = '';
  for (let i = 1; i < input.length; i++) {
    const char = input[i]!;
    if (char === '\\' && i + 1 < input.length) text += input[++i];
    else if (char === '"') return { text, rest: input.slice(i + 1) };
    else text += char;
  }
  return undefined;
}

/** Browsers hand header bytes over one char per byte; kube-apiserver writes UTF-8 there. */
function utf8FromByteString(text: string): string {
  const codes = Array.from(text, (c) => c.charCodeAt(0));
  if (!codes.some((c) => c >= 0x80) || codes.some((c) => c > 0xff)) return text;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(codes));
  } catch {
    return text;
  }
}

/**
 * RFC 2047 encoded-words (`=?UTF-8?B?...?=`), which apimachinery's parser also accepts: the
 * console's proxy sends a text outside ASCII that way.
 */
function decodeEncodedWords(text: string): string {
  return text.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (word, charset: string, encoding: string, data: string) => {
    try {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Uint8Array.from(atob(data), (c) => c.charCodeAt(0))
          : Uint8Array.from(
              data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              (c) => c.charCodeAt(0),
            );
      return new TextDecoder(charset, { fatal: true }).decode(bytes);
    } catch {
      return word;
    }
  });
}

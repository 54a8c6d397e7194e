/** Go's base64.StdEncoding as encoding/json decodes a []byte: padding required, the standard alphabet. */
const base64Alphabet = /^[A-Za-z0-9+/]$/;

/** Where Go's base64.StdEncoding stops on `text` ("illegal base64 data at input byte N"), or -1 when it decodes. */
export function base64ErrorIndex(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const body = text.length - padding;
  for (let i = 0; i < body; i++) if (!base64Alphabet.test(text[i]!)) return i;
  if (text.length % 4 !== 0) return text.length - (text.length % 4);
  return -1;
}

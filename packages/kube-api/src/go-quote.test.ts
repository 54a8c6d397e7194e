import { describe, expect, it } from 'vitest';
import { goQuote } from './go-quote.ts';

describe('goQuote, as Go prints %q', () => {
  it('keeps printable text, ASCII and beyond', () => {
    expect(goQuote('abc "quoted" \\ é 日本 🙂')).toBe('"abc \\"quoted\\" \\\\ é 日本 🙂"');
  });

  it('escapes control characters as Go does, not as JSON does', () => {
    expect(goQuote('\x00\x07\b\f\n\r\t\v\x1b\x7f')).toBe('"\\x00\\a\\b\\f\\n\\r\\t\\v\\x1b\\x7f"');
  });

  it('escapes unprintable runes beyond ASCII as \\u or \\U', () => {
    expect(goQuote('\u00a0\u200b\ufeff\u{e0001}')).toBe('"\\u00a0\\u200b\\ufeff\\U000e0001"');
  });
});

import { describe, expect, it } from 'vitest';
import { isHidden, mapOf, redactedValue, rowsOf, shownValue, withTypedValue } from './key-value-rows.ts';

describe('key/value rows', () => {
  it('make the map of the rows that have a key, in order', () => {
    expect(mapOf([...rowsOf({ a: '1' }), { key: ' b ', value: 'two\nlines', redacted: false }, { key: '', value: 'half typed', redacted: false }])).toEqual({
      map: { a: '1', b: 'two\nlines' },
    });
  });

  it('make no map from no rows, so the field is removed', () => {
    expect(mapOf([])).toEqual({ map: undefined });
  });

  it('refuse a key written twice instead of keeping one value', () => {
    expect(mapOf([...rowsOf({ a: '1' }), { key: 'a', value: '2', redacted: false }])).toEqual({ map: undefined, error: 'The key "a" appears twice.' });
  });

  it('never show a redacted Secret value, and keep it the server’s until one is typed', () => {
    const [password] = rowsOf({ password: redactedValue });
    expect(isHidden(password!)).toBe(true);
    expect(shownValue(password!)).toBe('');
    expect(mapOf([password!]).map).toEqual({ password: redactedValue });
    const typed = withTypedValue(password!, 'cm9vdA==');
    expect([isHidden(typed), shownValue(typed), typed.value]).toEqual([false, 'cm9vdA==', 'cm9vdA==']);
  });

  it('put the server’s unseen value back when the typed one is erased', () => {
    const [password] = rowsOf({ password: redactedValue });
    const erased = withTypedValue(withTypedValue(password!, 'x'), '');
    expect(erased.value).toBe(redactedValue);
    expect(isHidden(erased)).toBe(true);
  });

  it('let a value that was never redacted be emptied', () => {
    const [greeting] = rowsOf({ greeting: 'hello' });
    expect(withTypedValue(greeting!, '').value).toBe('');
  });
});

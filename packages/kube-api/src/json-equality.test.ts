import { describe, expect, it } from 'vitest';
import { jsonEqual, semanticEqual, semanticJson } from './json-equality.ts';

describe('jsonEqual', () => {
  it('ignores the order of object keys but not of array items', () => {
    expect(jsonEqual({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
  });

  it('counts a member holding undefined as absent, as JSON would', () => {
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(true);
  });

  it('tells an empty map from an absent one, and null from a missing member', () => {
    expect(jsonEqual({ a: {} }, {})).toBe(false);
    expect(jsonEqual({ a: null }, {})).toBe(false);
    expect(jsonEqual([], {})).toBe(false);
    expect(jsonEqual({ constructor: 1 }, { other: 1 })).toBe(false);
  });
});

describe('semanticEqual', () => {
  it('equates an absent field with an empty map, an empty list or null, as Go does after a round trip', () => {
    expect(semanticEqual({ a: {}, b: [], c: null, d: 1 }, { d: 1 })).toBe(true);
    expect(semanticEqual(undefined, {})).toBe(true);
  });

  it('still tells different values apart', () => {
    expect(semanticEqual({ a: [1] }, { a: [] })).toBe(false);
    expect(semanticEqual({ a: 0 }, {})).toBe(false);
  });

  it('renders semantically equal values as the same text, keys sorted', () => {
    expect(semanticJson({ b: 1, a: { z: [], y: 2 } })).toBe('{"a":{"y":2},"b":1}');
    expect(semanticJson({})).toBe('null');
  });
});

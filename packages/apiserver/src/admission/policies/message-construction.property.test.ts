import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rewriteMessageConstruction } from './message-construction.ts';

// Expressions built from CEL's tokens without braces: names, selections, calls, lists, strings.
const token = fc.oneof(
  fc.constantFrom('object', 'params', 'spec', 'x1', '_y', 'has', 'size'),
  fc.constantFrom('.', ',', '(', ')', '[', ']', ' ', '+', '==', '&&', '?', ':', '1', '2.5', 'true'),
  fc.string({ maxLength: 6 }).map((s) => JSON.stringify(s)),
);

describe('rewriteMessageConstruction, as a property', () => {
  it('returns any expression without a brace exactly as it was', () => {
    fc.assert(
      fc.property(fc.array(token, { maxLength: 30 }), (tokens) => {
        const source = tokens.join('');
        fc.pre(!source.includes('{'));
        expect(rewriteMessageConstruction(source)).toBe(source);
      }),
    );
  });

  it('keeps every string literal of the expression, whatever it contains', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        const literal = JSON.stringify(text);
        expect(rewriteMessageConstruction(`Object{a: ${literal}}`)).toBe(`typedObject("Object", {"a": ${literal}})`);
      }),
    );
  });
});

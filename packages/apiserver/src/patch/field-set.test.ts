import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FieldSet } from './field-set.ts';
import type { PathElement } from './field-path.ts';

const element: fc.Arbitrary<PathElement> = fc.oneof(
  fc.constantFrom('a', 'b', 'c').map((name) => ({ kind: 'field', name }) as const),
  fc.constantFrom('x', 'y').map((v) => ({ kind: 'key', fields: [['name', v]] }) as const),
  fc.constantFrom(0, 1).map((index) => ({ kind: 'index', index }) as const),
);
const fieldSet = fc.array(fc.array(element, { minLength: 1, maxLength: 3 }), { maxLength: 6 }).map((paths) => FieldSet.of(paths));

describe('FieldSet.overlaps', () => {
  it('is true exactly when the two sets share a path, so difference would take something away', () => {
    fc.assert(
      fc.property(fieldSet, fieldSet, (a, b) => {
        expect(a.overlaps(b)).toBe(!a.intersection(b).isEmpty());
        expect(a.overlaps(b)).toBe(b.overlaps(a));
        if (!a.overlaps(b)) expect(a.difference(b).equals(a)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SampleRing } from './sample-ring.ts';

describe('SampleRing', () => {
  it('keeps the last `capacity` values pushed, oldest first', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.array(fc.integer(), { maxLength: 100 }), (capacity, values) => {
        const ring = new SampleRing<number>(capacity);
        for (const v of values) ring.push(v);
        expect(ring.toArray()).toEqual(values.slice(-capacity));
        expect(ring.size).toBe(Math.min(capacity, values.length));
      }),
    );
  });

  it('refuses a capacity below one', () => {
    expect(() => new SampleRing(0)).toThrow(RangeError);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Bucket } from './exposition.ts';
import { bucketIncrease, histogramQuantile } from './histogram-quantile.ts';

// The example histogram of Prometheus' exposition format documentation.
const requestDuration: Bucket[] = [
  { le: 0.05, count: 24054 },
  { le: 0.1, count: 33444 },
  { le: 0.2, count: 100392 },
  { le: 0.5, count: 129389 },
  { le: 1, count: 133988 },
  { le: Infinity, count: 144320 },
];

/** Cumulative buckets from per-bucket counts over the given bounds, +Inf last. */
const cumulative = (bounds: number[], counts: number[]): Bucket[] => {
  let total = 0;
  return [...bounds, Infinity].map((le, i) => ({ le, count: (total += counts[i] ?? 0) }));
};

describe('histogram quantiles', () => {
  it('interpolates linearly inside the bucket the rank falls in, as histogram_quantile does', () => {
    // rank 72160 is the 38716th of the 66948 observations in (0.1, 0.2].
    expect(histogramQuantile(0.5, requestDuration)).toBeCloseTo(0.1 + 0.1 * (38716 / 66948), 12);
    // rank 5 of 10 in (0, 1]: the first bucket starts at zero.
    expect(histogramQuantile(0.5, cumulative([1, 2], [10, 0, 0]))).toBe(0.5);
  });

  it('answers the highest finite bound when the rank falls in the +Inf bucket', () => {
    expect(histogramQuantile(0.99, requestDuration)).toBe(1);
  });

  it('has no answer without observations, without a +Inf bucket, or for a q outside 0..1', () => {
    expect(histogramQuantile(0.5, cumulative([1, 2], [0, 0, 0]))).toBeUndefined();
    expect(
      histogramQuantile(0.5, [
        { le: 1, count: 3 },
        { le: 2, count: 4 },
      ]),
    ).toBeUndefined();
    expect(histogramQuantile(1.5, requestDuration)).toBeUndefined();
  });

  it('grows with q and stays between zero and the highest finite bound', () => {
    const bounds = [0.001, 0.01, 0.1, 1, 10];
    fc.assert(
      fc.property(
        fc.array(fc.nat(1000), { minLength: 6, maxLength: 6 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (counts, q1, q2) => {
          const buckets = cumulative(bounds, counts);
          const [lo, hi] = q1 <= q2 ? [q1, q2] : [q2, q1];
          const a = histogramQuantile(lo, buckets);
          const b = histogramQuantile(hi, buckets);
          // No observation at all: no quantile. (A property must return nothing or true: an Assertion returned counts as failed.)
          if (counts.every((c) => c === 0)) {
            expect(a).toBeUndefined();
            return;
          }
          expect(a).toBeLessThanOrEqual(b!);
          expect(a).toBeGreaterThanOrEqual(0);
          expect(b).toBeLessThanOrEqual(10);
        },
      ),
      // The empty histogram always, not only when the random draw finds it (a CI run once did).
      { examples: [[[0, 0, 0, 0, 0, 0], 0, 0]] },
    );
  });
});

describe('bucket increase between two scrapes', () => {
  it('subtracts bucket by bucket, so the quantile is of the window only', () => {
    const before = cumulative([0.01, 0.1], [100, 0, 0]);
    const after = cumulative([0.01, 0.1], [100, 10, 0]);
    expect(bucketIncrease(before, after)).toEqual(cumulative([0.01, 0.1], [0, 10, 0]));
    expect(histogramQuantile(0.5, bucketIncrease(before, after))).toBeCloseTo(0.055, 12);
  });

  it('takes the whole current histogram after a restart (a smaller count, or other buckets)', () => {
    const before = cumulative([0.01, 0.1], [100, 50, 0]);
    const restarted = cumulative([0.01, 0.1], [3, 0, 0]);
    expect(bucketIncrease(before, restarted)).toEqual(restarted);
    const rebucketed = cumulative([0.5], [200, 0]);
    expect(bucketIncrease(before, rebucketed)).toEqual(rebucketed);
  });
});

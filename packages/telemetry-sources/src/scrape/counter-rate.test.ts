import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { counterIncrease, ratePerSecond } from './counter-rate.ts';

describe('counter rates', () => {
  it('divides the growth between two readings by the seconds between them', () => {
    expect(ratePerSecond(40, 55, 5)).toBe(3);
  });

  it('reads a value below the previous one as a restart that counted from zero', () => {
    expect(counterIncrease(1_000, 12)).toBe(12);
    expect(ratePerSecond(1_000, 12, 4)).toBe(3);
  });

  it('has no rate without a positive interval', () => {
    expect(ratePerSecond(1, 2, 0)).toBeUndefined();
    expect(ratePerSecond(1, 2, -1)).toBeUndefined();
  });

  it('never reports a negative increase, and reports the plain difference when the counter did not restart', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (a, b) => {
        const increase = counterIncrease(a, b);
        expect(increase).toBeGreaterThanOrEqual(0);
        if (b >= a) expect(increase).toBe(b - a);
      }),
    );
  });
});

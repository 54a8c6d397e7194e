import { describe, expect, it } from 'vitest';
import { RateWindow } from './rate-window.ts';

describe('RateWindow', () => {
  it('averages over the last ten seconds and forgets older ones', () => {
    const rate = new RateWindow();
    for (let t = 0; t < 20_000; t += 100) rate.add(t);
    expect(rate.perSecond(19_999)).toBe(10);
    expect(rate.perSecond(25_000)).toBe(4);
    expect(rate.perSecond(40_000)).toBe(0);
  });

  it('averages over a shorter time when counting began less than ten seconds ago', () => {
    const rate = new RateWindow();
    for (let t = 0; t < 2000; t += 100) rate.add(1_000_000 + t);
    expect(rate.perSecond(1_001_999, 1_000_000)).toBe(10);
    expect(rate.perSecond(1_001_999)).toBe(2);
  });
});

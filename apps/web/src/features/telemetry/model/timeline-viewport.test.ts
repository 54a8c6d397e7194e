import { describe, expect, it } from 'vitest';
import { tickLabel } from './timeline-viewport.ts';

describe('timeline tick labels', () => {
  it('write a dash, never NaN:NaN:NaN, for a time past what a Date holds (a span received from the year 2262 and beyond)', () => {
    for (const step of [60_000, 1_000, 10]) expect(tickLabel(9.2e15, step)).toBe('—');
  });

  it('write hours and minutes for steps of a minute, seconds for steps of a second', () => {
    expect(tickLabel(0, 60_000)).toMatch(/^\d\d:\d\d$/);
    expect(tickLabel(0, 1_000)).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(tickLabel(0, 10)).toMatch(/^\d\d:\d\d\.\d\d$/);
  });
});

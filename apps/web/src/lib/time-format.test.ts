import { describe, expect, it } from 'vitest';
import { ageOfTimestamp, formatAge, formatClock, formatDuration, formatPercent, formatRate } from './time-format.ts';

describe('time formats', () => {
  it('writes ages the way kubectl does', () => {
    expect(formatAge(0, 5_000)).toBe('5s');
    expect(formatAge(0, 192_000)).toBe('3m12s');
    expect(formatAge(0, 45 * 60_000)).toBe('45m');
    expect(formatAge(0, (2 * 60 + 5) * 60_000)).toBe('2h5m');
    expect(formatAge(0, 52 * 3_600_000)).toBe('2d4h');
    expect(formatAge(10_000, 0)).toBe('0s');
  });

  it('writes a dash, never NaN:NaN:NaN, for a clock time past what a Date holds', () => {
    expect(formatClock(9.2e15)).toBe('—');
    expect(formatClock(Number.NaN)).toBe('—');
    expect(formatClock(0)).toMatch(/^\d\d:\d\d:\d\d\.\d{3}$/);
  });

  it('writes a dash for a missing or broken timestamp', () => {
    expect(ageOfTimestamp(undefined, 0)).toBe('—');
    expect(ageOfTimestamp('not a date', 0)).toBe('—');
    expect(ageOfTimestamp('1970-01-01T00:00:10Z', 70_000)).toBe('1m');
  });

  it('writes durations at a precision that fits', () => {
    expect(formatDuration(0.25)).toBe('0.25 ms');
    expect(formatDuration(3.21)).toBe('3.2 ms');
    expect(formatDuration(250)).toBe('250 ms');
    expect(formatDuration(1500)).toBe('1.50 s');
    expect(formatDuration(90_000)).toBe('1m30s');
    expect(formatDuration(-1500)).toBe('-1.50 s');
  });

  it('writes rates and percentages', () => {
    expect(formatRate(3.14)).toBe('3.1');
    expect(formatRate(42.4)).toBe('42');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(0.025)).toBe('2.5%');
    expect(formatPercent(0.5)).toBe('50%');
  });
});

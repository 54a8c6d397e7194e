import { describe, expect, it } from 'vitest';
import { timeOutsideWindow } from './input-time-window.ts';

const now = Date.parse('2026-11-28T00:00:00Z');

describe('timeOutsideWindow', () => {
  it('takes times from the retention back to an hour ahead of the clock', () => {
    expect(timeOutsideWindow(now, { now, maxAgeMs: 86_400_000 })).toBeUndefined();
    expect(timeOutsideWindow(now + 3_599_000, { now, maxAgeMs: 86_400_000 })).toBeUndefined();
    expect(timeOutsideWindow(now - 86_000_000, { now, maxAgeMs: 86_400_000 })).toBeUndefined();
  });

  it('refuses the year 2262, a time no Date holds, and one older than the history keeps', () => {
    expect(timeOutsideWindow(9.2e12, { now })).toContain('ahead of the console');
    expect(timeOutsideWindow(Number.POSITIVE_INFINITY, { now })).toBe('is not a time');
    expect(timeOutsideWindow(now - 25 * 3_600_000, { now, maxAgeMs: 86_400_000 })).toContain('older than the history keeps');
    expect(timeOutsideWindow(0, { now })).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { formatMicroTime, formatTime, parseTime } from './time.ts';

const at = Date.UTC(2024, 4, 1, 12, 0, 7, 123);

describe('Kubernetes timestamps', () => {
  it('writes metav1.Time in whole seconds, as Kubernetes marshals it', () => {
    expect(formatTime(at)).toBe('2024-05-01T12:00:07Z');
    expect(formatTime(Date.UTC(2024, 4, 1))).toBe('2024-05-01T00:00:00Z');
  });

  it('writes metav1.MicroTime with six fractional digits', () => {
    expect(formatMicroTime(at)).toBe('2024-05-01T12:00:07.123000Z');
    expect(formatMicroTime(at + 0.5)).toBe('2024-05-01T12:00:07.123500Z');
  });

  it('reads both back to epoch milliseconds, and nothing from an absent or broken value', () => {
    expect(parseTime(formatTime(at))).toBe(at - 123);
    expect(parseTime(formatMicroTime(at))).toBe(at);
    expect(parseTime(undefined)).toBeUndefined();
    expect(parseTime('')).toBeUndefined();
    expect(parseTime('yesterday')).toBeUndefined();
  });
});

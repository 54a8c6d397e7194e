import { describe, expect, it } from 'vitest';
import { parseDuration, parseMegabytes } from './retention.ts';

describe('retention settings', () => {
  it('reads durations in seconds, minutes, hours and days', () => {
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('30m')).toBe(1_800_000);
    expect(parseDuration('24h')).toBe(86_400_000);
    expect(parseDuration('7d')).toBe(604_800_000);
    expect(parseDuration('1.5h')).toBe(5_400_000);
  });

  it('refuses what is not a positive duration or size', () => {
    for (const bad of ['', '24', 'h', '-1h', '0s', '1w']) expect(parseDuration(bad)).toBeUndefined();
    for (const bad of ['', 'x', '0', '-5']) expect(parseMegabytes(bad)).toBeUndefined();
    expect(parseMegabytes('512')).toBe(512 * 1024 * 1024);
  });
});

import { describe, expect, it } from 'vitest';
import { isSnowflake, SnowflakeGenerator, snowflakeTimestamp } from './snowflake.ts';

describe('SnowflakeGenerator', () => {
  it('encodes the creation time so it can be read back', () => {
    const at = Date.UTC(2025, 5, 1, 12, 0, 0);
    const id = new SnowflakeGenerator().next(at);
    expect(isSnowflake(id)).toBe(true);
    expect(snowflakeTimestamp(id)).toBe(at);
  });

  it('keeps ids strictly increasing when the clock stands still or steps back', () => {
    const ids = new SnowflakeGenerator();
    const first = ids.next(2_000_000_000_000);
    const second = ids.next(2_000_000_000_000);
    const third = ids.next(1_500_000_000_000);
    expect(BigInt(second)).toBeGreaterThan(BigInt(first));
    expect(BigInt(third)).toBeGreaterThan(BigInt(second));
  });

  it('continues after the last id issued before a restart', () => {
    const before = new SnowflakeGenerator();
    const last = before.next(2_000_000_000_000);
    const after = new SnowflakeGenerator(last);
    expect(BigInt(after.next(1_600_000_000_000))).toBeGreaterThan(BigInt(last));
  });

  it('refuses strings that are not decimal 64-bit ids', () => {
    expect(isSnowflake('abc')).toBe(false);
    expect(isSnowflake('')).toBe(false);
    expect(isSnowflake('99999999999999999999')).toBe(false);
    expect(isSnowflake(123)).toBe(false);
  });
});

/** Discord's epoch: the first millisecond of 2015, UTC. Snowflakes count from here. */
export const DISCORD_EPOCH_MS = 1_420_070_400_000;

const SNOWFLAKE_PATTERN = /^\d{1,20}$/;

/** Snowflakes travel as decimal strings because they do not fit in a JavaScript number. */
export function isSnowflake(value: unknown): value is string {
  return typeof value === 'string' && SNOWFLAKE_PATTERN.test(value) && BigInt(value) < 2n ** 64n;
}

/** The creation time encoded in the top 42 bits. */
export function snowflakeTimestamp(id: string): number {
  return Number(BigInt(id) >> 22n) + DISCORD_EPOCH_MS;
}

/**
 * Issues Discord-shaped ids: timestamp << 22 | worker << 17 | process << 12 | increment.
 * Ids are strictly increasing even when the clock stands still or steps back (a restored
 * data file may hold ids from a later wall-clock time), because ordering by id is how Discord
 * pages messages with `before` and `after`.
 */
export class SnowflakeGenerator {
  private last: bigint;

  constructor(lastIssued?: string) {
    this.last = lastIssued ? BigInt(lastIssued) : 0n;
  }

  next(nowMs: number): string {
    const timestamp = BigInt(Math.max(0, Math.floor(nowMs) - DISCORD_EPOCH_MS));
    const candidate = (timestamp << 22n) | (1n << 17n);
    this.last = candidate > this.last ? candidate : this.last + 1n;
    return this.last.toString();
  }

  lastIssued(): string {
    return this.last.toString();
  }
}

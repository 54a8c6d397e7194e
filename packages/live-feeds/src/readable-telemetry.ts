/**
 * Telemetry read back from the history on disk is checked on the way out as it was on the way
 * in: a record an earlier version stored from input it did not check (a controller named by the
 * number 5, an audit user that was an object) must not break every view that lists controllers
 * after a restart. Such a record is skipped and counted, never shown and never a 500. So is one
 * dated more than the input window ahead of now (security/input-time-window.ts): an earlier
 * version took OTLP spans from the year 2262, which no age eviction ever drops and which would
 * move the live Timeline there.
 */
import type { TelemetryRecord } from '@dojo/console-protocol';
import { futureToleranceMs } from '@dojo/activity';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalText = (value: unknown) => value === undefined || typeof value === 'string';

/** Whether a stored record has the fields every reader of telemetry relies on, of their types, and is not dated far ahead of `now`. */
export function isReadableTelemetry(record: unknown, now: number): record is TelemetryRecord {
  if (!isObject(record)) return false;
  if (typeof record.type !== 'string' || !Number.isInteger(record.seq) || typeof record.time !== 'number' || !(record.time <= now + futureToleranceMs))
    return false;
  return optionalText(record.controller) && optionalText(record.key) && (record.object === undefined || isObject(record.object));
}

/** Counts the records `keep` skipped, over the life of the process. */
export class UnreadableTelemetry {
  readonly #clock: { now(): number };
  #skipped = 0;

  constructor(clock: { now(): number } = Date) {
    this.#clock = clock;
  }

  get skipped(): number {
    return this.#skipped;
  }

  keep<R>(records: readonly R[]): R[] {
    const now = this.#clock.now();
    const readable = records.filter((r) => isReadableTelemetry(r, now));
    this.#skipped += records.length - readable.length;
    return readable;
  }
}

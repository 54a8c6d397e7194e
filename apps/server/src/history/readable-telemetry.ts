/**
 * Telemetry read back from the history on disk is checked on the way out as it was on the way
 * in: a record an earlier version stored from input it did not check (a controller named by the
 * number 5, an audit user that was an object) must not break every view that lists controllers
 * after a restart. Such a record is skipped and counted, never shown and never a 500.
 */
import type { TelemetryRecord } from '@dojo/console-protocol';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalText = (value: unknown) => value === undefined || typeof value === 'string';

/** Whether a stored record has the fields every reader of telemetry relies on, of their types. */
export function isReadableTelemetry(record: unknown): record is TelemetryRecord {
  if (!isObject(record)) return false;
  if (typeof record.type !== 'string' || !Number.isInteger(record.seq) || !Number.isFinite(record.time)) return false;
  return optionalText(record.controller) && optionalText(record.key) && (record.object === undefined || isObject(record.object));
}

/** Counts the records `keep` skipped, over the life of the process. */
export class UnreadableTelemetry {
  #skipped = 0;

  get skipped(): number {
    return this.#skipped;
  }

  keep<R>(records: readonly R[]): R[] {
    const readable = records.filter((r) => isReadableTelemetry(r));
    this.#skipped += records.length - readable.length;
    return readable;
  }
}

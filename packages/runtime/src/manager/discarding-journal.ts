/**
 * Telemetry switched off: a Journal that stamps what it is given and keeps none of it, so
 * controllers run unchanged (they hand journal records around) while nothing is stored,
 * delivered or written. Used to measure what telemetry costs.
 */
import { Journal } from '../telemetry/journal.ts';
import type { TelemetryRecord, JournalRecordInput } from '../telemetry/records.ts';

export class DiscardingJournal extends Journal {
  constructor() {
    super({ capacity: 1 });
  }

  override append<I extends JournalRecordInput>(input: I): Extract<TelemetryRecord, { type: I['type'] }> {
    return { seq: 0, ...input, time: input.time ?? 0 } as unknown as Extract<TelemetryRecord, { type: I['type'] }>;
  }
}

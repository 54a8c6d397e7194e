/**
 * One reconcile as the telemetry stream delivers it, for the model's tests: its start (marked
 * `inferred` or `traced` when the console did not run it), one record per API call, its end —
 * seq and times counted from `time`, every record naming the same controller, key and worker.
 */
import type { ApiCallRecord, ReconcileEndRecord, ReconcileStartRecord, TelemetryRecord } from '@dojo/console-protocol';

export interface ReconcileShape {
  readonly controller: string;
  readonly key: string;
  readonly reconcileId: string;
  readonly triggers: ReconcileStartRecord['triggers'];
  /** What the start says beyond the common fields: `object`, `inferred`, `traced`. */
  readonly start?: Partial<Pick<ReconcileStartRecord, 'object' | 'inferred' | 'traced'>>;
  readonly calls: readonly Pick<ApiCallRecord, 'verb' | 'resource' | 'code'>[];
  readonly result: ReconcileEndRecord['result'];
  /** The start's time; each call 2 ms after the one before, the end 5 ms after the start. */
  readonly time?: number;
}

/** [start, ...calls, end], in seq order. */
export function reconcileRecords(r: ReconcileShape): TelemetryRecord[] {
  const time = r.time ?? 1000;
  const common = { controller: r.controller, key: r.key, worker: 0, reconcileId: r.reconcileId };
  let seq = 0;
  return [
    { type: 'reconcile-start', seq: ++seq, time, ...common, triggers: r.triggers, droppedTriggers: 0, ...r.start },
    ...r.calls.map((call, i): TelemetryRecord => ({ type: 'api-call', seq: ++seq, time: time + 2 * (i + 1), ...common, ...call, durationMs: 3 })),
    { type: 'reconcile-end', seq: ++seq, time: time + 5, ...common, result: r.result, durationMs: 5 },
  ];
}

/**
 * Synthetic reconcile telemetry for the timeline benchmark: spans laid out like a busy
 * operator (several controllers, several workers each), in the wire format of
 * docs/protocol.md.
 */
export interface SyntheticOptions {
  spans: number;
  controllers: string[];
  workersPerController: number;
  /** Time of the last span's end. */
  endTime: number;
  periodMs: number;
  firstSeq?: number;
}

const results = ['success', 'success', 'success', 'success', 'success', 'success', 'requeueAfter', 'requeue', 'error', 'conflict'];

export function syntheticRecords(options: SyntheticOptions): Record<string, unknown>[] {
  const lanes = options.controllers.length * options.workersPerController;
  const perLane = Math.ceil(options.spans / lanes);
  const start = options.endTime - perLane * options.periodMs;
  const records: Record<string, unknown>[] = [];
  let seq = options.firstSeq ?? 1;
  for (let i = 0; i < perLane; i++) {
    for (let lane = 0; lane < lanes && records.length / 2 < options.spans; lane++) {
      const controller = options.controllers[lane % options.controllers.length]!;
      const worker = Math.floor(lane / options.controllers.length);
      const t0 = start + i * options.periodMs + (lane % 3);
      const duration = 1 + ((i * 7 + lane * 13) % Math.max(2, options.periodMs - 3));
      const key = `bench/obj-${(i * lanes + lane) % 1000}`;
      const reconcileId = `b${lane}-${i}`;
      records.push({
        seq: seq++,
        time: t0,
        type: 'reconcile-start',
        controller,
        key,
        worker,
        reconcileId,
        triggers: [{ reason: 'watch', event: 'MODIFIED', kind: 'Dojo', key, resourceVersion: String(seq) }],
        droppedTriggers: 0,
      });
      records.push({
        seq: seq++,
        time: t0 + duration,
        type: 'reconcile-end',
        controller,
        key,
        worker,
        reconcileId,
        result: results[(i + lane) % results.length],
        durationMs: duration,
      });
    }
  }
  return records;
}

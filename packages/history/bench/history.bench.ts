/**
 * What recording costs the console: appending a telemetry record (on the controllers' path),
 * handing a batch to the write thread (serialising it: what the event loop pays four times a
 * second), how fast the write thread keeps up, and answering one object's history out of a
 * large store. Prints one JSON document; `npm run bench -- history`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TelemetryRecord } from '@dojo/console-protocol';
import { HistoryStore } from '../src/history-store.ts';
import { telemetryStream } from '../src/streams/telemetry-stream.ts';

const total = 200_000;
const batch = 2_500; // 10,000 records/s at the store's 250 ms flush interval
const objects = 500;

function record(seq: number): TelemetryRecord {
  const n = seq % objects;
  const object = { group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name: `dojo-${n}`, uid: `uid-${n}` };
  const base = { seq, time: 1_700_000_000_000 + seq, controller: 'dojo', key: `default/dojo-${n}`, object };
  switch (seq % 4) {
    case 0:
      return {
        ...base,
        type: 'reconcile-start',
        worker: 0,
        reconcileId: `r-${seq}`,
        triggers: [
          { reason: 'watch', event: 'MODIFIED', kind: 'Dojo', key: base.key, object, resourceVersion: String(seq), generation: 3, specChanged: false },
        ],
        droppedTriggers: 0,
      };
    case 1:
      return {
        ...base,
        type: 'api-call',
        verb: 'update',
        resource: 'dojos.core.jutsu.com/status',
        namespace: 'default',
        name: object.name,
        code: 200,
        rvSent: String(seq - 1),
        rvReturned: String(seq),
        durationMs: 1.2,
        reconcileId: `r-${seq - 1}`,
        worker: 0,
      };
    case 2:
      return { ...base, type: 'reconcile-end', worker: 0, reconcileId: `r-${seq - 2}`, result: 'success', durationMs: 2.5 };
    default:
      return { ...base, type: 'enqueue', reason: 'watch', trigger: { reason: 'watch' }, merged: false, outcome: 'queued' };
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const round = (n: number, digits = 3) => Number(n.toFixed(digits));

const dir = mkdtempSync(join(tmpdir(), 'history-bench-'));
try {
  const store = new HistoryStore({ path: join(dir, 'history.db'), flushEveryMs: 0, retentionEveryMs: 0 });
  const telemetry = store.stream(telemetryStream);
  const records = Array.from({ length: total }, (_, i) => record(i + 1));

  let appendNs = 0;
  const flushMs: number[] = [];
  const started = performance.now();
  let written = Promise.resolve();
  for (let from = 0; from < total; from += batch) {
    const slice = records.slice(from, from + batch);
    const t0 = process.hrtime.bigint();
    for (const r of slice) telemetry.append(r);
    const t1 = process.hrtime.bigint();
    written = store.flush();
    const t2 = process.hrtime.bigint();
    appendNs += Number(t1 - t0);
    flushMs.push(Number(t2 - t1) / 1e6);
    // Let the write thread take one batch at a time, as the flush timer does.
    await written;
  }
  await written;
  const writeSeconds = (performance.now() - started) / 1000;
  flushMs.sort((a, b) => a - b);

  const queryMs: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    telemetry.query({ where: { object: `core.jutsu.com/Dojo/default/dojo-${(i * 37) % objects}` }, limit: 5000 });
    queryMs.push(performance.now() - t0);
  }
  queryMs.sort((a, b) => a - b);
  const coverage = telemetry.coverage();
  await store.close();

  process.stdout.write(
    `${JSON.stringify(
      {
        records: total,
        batch,
        appendNsPerRecord: round(appendNs / total, 1),
        writeRecordsPerSecond: Math.round(total / writeSeconds),
        // The event loop's share of a flush: serialising the batch and posting it to the write thread.
        flushMs: { p50: round(percentile(flushMs, 50)), p99: round(percentile(flushMs, 99)), max: round(flushMs[flushMs.length - 1]!) },
        objectQueryMs: { p50: round(percentile(queryMs, 50)), p99: round(percentile(queryMs, 99)), recordsPerObject: total / objects },
        bytesPerRecord: Math.round(coverage.bytes / coverage.records),
      },
      null,
      2,
    )}\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

import { describe, expect, it } from 'vitest';
import type { RecordedController, TelemetryRecord } from '@dojo/console-protocol';
import { replayController } from './queue-replay.ts';

const controller: RecordedController = {
  name: 'dojo',
  role: 'operator',
  forKind: { group: 'core.jutsu.com', version: 'v1', kind: 'Dojo' },
  maxConcurrentReconciles: 2,
  watches: [{ relation: 'for', kind: 'Dojo', resource: 'dojos' }],
};

let seq = 0;
const base = (time: number, key: string) => ({ seq: ++seq, time, controller: 'dojo', key });
const enqueue = (time: number, key: string, outcome: 'queued' | 'merged' | 'dirty' | 'delayed', delayMs?: number): TelemetryRecord => ({
  ...base(time, key),
  type: 'enqueue',
  reason: 'watch',
  trigger: { reason: 'watch' },
  merged: outcome === 'merged',
  outcome,
  ...(delayMs === undefined ? {} : { delayMs }),
});
const dequeue = (time: number, key: string, worker: number): TelemetryRecord => ({ ...base(time, key), type: 'dequeue', worker, waitedMs: 0, triggerCount: 1 });
const end = (time: number, key: string, result: 'success' | 'error' = 'success', durationMs = 5): TelemetryRecord => ({
  ...base(time, key),
  type: 'reconcile-end',
  worker: 0,
  reconcileId: `r${seq}`,
  result,
  durationMs,
});
const backoff = (time: number, key: string, retries: number): TelemetryRecord => ({
  ...base(time, key),
  type: 'backoff',
  delayMs: 1000,
  retries,
  cause: 'error',
});

const replay = (records: TelemetryRecord[], at: number) =>
  replayController({ controller, records, at, totalReconciles: records.filter((r) => r.type === 'reconcile-end').length, fromStart: true });

describe('a controller rebuilt from its telemetry', () => {
  it('has a queued key waiting since its first add, with the adds that merged into it', () => {
    const details = replay([enqueue(100, 'default/a', 'queued'), enqueue(150, 'default/a', 'merged')], 200);
    expect(details.state.queue.queued).toEqual([{ key: 'default/a', since: 100, triggers: [{ reason: 'watch' }, { reason: 'watch' }], droppedTriggers: 0 }]);
    expect(details.depth).toBe(1);
    expect(details.state.queue.counters).toEqual({ adds: 2, merged: 1, gets: 0, dones: 0 });
  });

  it('has a key processing on its worker until its reconcile ends, and queues it again when it was added meanwhile', () => {
    const records = [enqueue(100, 'default/a', 'queued'), dequeue(110, 'default/a', 1), enqueue(120, 'default/a', 'dirty')];
    const during = replay(records, 130);
    expect(during.state.queue.processing).toEqual([{ key: 'default/a', worker: 1, startedAt: 110, dirty: true }]);
    expect(during.state.queue.dirty.map((d) => d.key)).toEqual(['default/a']);
    expect(during.workers).toEqual({ busy: 1, max: 2 });
    const after = replay([...records, end(140, 'default/a')], 150);
    expect(after.state.queue.processing).toEqual([]);
    expect(after.state.queue.queued.map((q) => [q.key, q.since])).toEqual([['default/a', 120]]);
    expect(after.counts.reconciles).toBe(1);
  });

  it('keeps a backed-off key delayed with its retries until its time, then waiting', () => {
    const records = [
      enqueue(100, 'default/a', 'queued'),
      dequeue(100, 'default/a', 0),
      enqueue(105, 'default/a', 'delayed', 1000),
      backoff(105, 'default/a', 3),
      end(106, 'default/a', 'error'),
    ];
    const waiting = replay(records, 500);
    expect(waiting.state.queue.delayed).toMatchObject([{ key: 'default/a', readyAt: 1105, retries: 3 }]);
    expect(waiting.counts.errors).toBe(1);
    const due = replay(records, 2000);
    expect(due.state.queue.delayed).toEqual([]);
    expect(due.state.queue.queued.map((q) => [q.key, q.since])).toEqual([['default/a', 1105]]);
  });

  it('says what telemetry cannot tell, and that it started late when the replay did not reach the first record', () => {
    const details = replayController({ controller, records: [enqueue(100, 'default/a', 'queued')], at: 200, totalReconciles: 42, fromStart: false });
    expect(details.reconstructed).toMatchObject({ at: 200, since: 100, fromStart: false });
    expect(details.reconstructed!.unknown.join(' ')).toMatch(/predicates/);
    expect(details.reconstructed!.unknown.join(' ')).toMatch(/entered the queue before/);
    expect(details.counts.reconciles).toBe(42);
  });

  it('follows pause, breakpoints and MaxConcurrentReconciles from debug records', () => {
    const debug = (time: number, action: 'pause' | 'breakpoint-set' | 'max-concurrency', extra: object = {}): TelemetryRecord => ({
      seq: ++seq,
      time,
      controller: 'dojo',
      type: 'debug',
      action,
      ...extra,
    });
    const details = replay([debug(1, 'pause'), debug(2, 'breakpoint-set', { key: 'default/a' }), debug(3, 'max-concurrency', { value: 4 })], 10);
    expect(details).toMatchObject({ paused: true, breakpoints: ['default/a'], workers: { max: 4 } });
  });

  it('measures rate and percentiles over the minute before the instant', () => {
    const records = Array.from({ length: 10 }, (_, i) => end(100_000 - i * 1000, `default/k${i}`, 'success', i + 1)).reverse();
    const details = replay(records, 100_000);
    expect(details.ratePerSecond).toBe(1);
    expect(details.p50Ms).toBe(6);
    expect(details.p99Ms).toBe(10);
  });
});

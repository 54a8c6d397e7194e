import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TelemetryRecord } from '@dojo/console-protocol';
import { HistoryStore } from './history-store.ts';
import { telemetryStream } from './streams/telemetry-stream.ts';

const dojo = { group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name: 'web' };
const deployment = { group: 'apps', kind: 'Deployment', namespace: 'default', name: 'web' };

function reconcile(seq: number, time: number, object = dojo, controller = 'dojo'): TelemetryRecord {
  return { type: 'reconcile-start', seq, time, controller, key: 'default/web', object, worker: 0, reconcileId: `r${seq}`, triggers: [], droppedTriggers: 0 };
}

function open(path: string, now: { t: number }, retention = {}) {
  return new HistoryStore({ path, now: () => now.t, flushEveryMs: 0, retentionEveryMs: 0, retention });
}

const tempFile = () => join(mkdtempSync(join(tmpdir(), 'history-')), 'history.db');

describe('HistoryStore', () => {
  it('keeps history.db and its -wal and -shm 0600: they hold every object version the console saw', async () => {
    const path = tempFile();
    const store = open(path, { t: 0 });
    store.stream(telemetryStream).append(reconcile(1, 10));
    await store.flush();
    const modes = [path, `${path}-wal`, `${path}-shm`].filter(existsSync).map((file) => (statSync(file).mode & 0o777).toString(8));
    expect(modes).toEqual(['600', '600', '600']);
    await store.close();
  });

  it('answers queries with everything appended, by object identity, never mixing kinds that share a name', async () => {
    const store = open(tempFile(), { t: 0 });
    const telemetry = store.stream(telemetryStream);
    telemetry.append(reconcile(1, 10));
    telemetry.append(reconcile(2, 20, deployment, 'deployment-controller'));
    telemetry.append(reconcile(3, 30));
    expect(telemetry.query({ where: { object: 'core.jutsu.com/Dojo/default/web' } }).map((r) => r.seq)).toEqual([1, 3]);
    expect(telemetry.query({ sinceSeq: 1, limit: 1 }).map((r) => r.seq)).toEqual([2]);
    expect(telemetry.query({ limit: 2, newest: true }).map((r) => r.seq)).toEqual([2, 3]);
    expect(telemetry.query({ from: 15, to: 30 }).map((r) => r.seq)).toEqual([2]);
    await store.close();
  });

  it('ignores a record whose seq is not after the last one', async () => {
    const store = open(tempFile(), { t: 0 });
    const telemetry = store.stream(telemetryStream);
    telemetry.append(reconcile(5, 10));
    telemetry.append(reconcile(5, 11));
    telemetry.append(reconcile(4, 12));
    expect(telemetry.query().map((r) => r.time)).toEqual([10]);
    await store.close();
  });

  it('evicts by age and says how many reconciles went and since when history is complete', async () => {
    const now = { t: 1000 };
    const store = open(tempFile(), now, { maxAgeMs: 100 });
    const telemetry = store.stream(telemetryStream);
    for (let i = 1; i <= 10; i++) telemetry.append(reconcile(i, 1000 + i * 10));
    now.t = 1160;
    expect(await store.enforceRetention()).toBe(5);
    const coverage = telemetry.coverage();
    expect(coverage).toMatchObject({ evicted: 5, evictedByType: { 'reconcile-start': 5 }, records: 5, oldestSeq: 6, lastSeq: 10 });
    expect(coverage.completeSince).toBe(1051);
    await store.close();
  });

  it('evicts the oldest records while the streams hold more than the size limit', async () => {
    const store = open(tempFile(), { t: 0 }, { maxBytes: 20_000 });
    const telemetry = store.stream(telemetryStream);
    for (let i = 1; i <= 5000; i++) telemetry.append(reconcile(i, i));
    await store.enforceRetention();
    const coverage = telemetry.coverage();
    expect(coverage.bytes).toBeLessThanOrEqual(20_000);
    expect(coverage.evicted + coverage.records).toBe(5000);
    expect(coverage.oldestSeq).toBe(5001 - coverage.records);
    await store.close();
  });

  it('makes a stream with a share of its own give back its oldest records before it pushes out the other streams', async () => {
    const store = open(tempFile(), { t: 0 }, { maxBytes: 1_000_000 });
    const telemetry = store.stream(telemetryStream);
    const chatty = store.stream({ ...telemetryStream, name: 'chatty', maxShare: 0.5 });
    // Telemetry is older than every chatty record, so without a share it would go first.
    for (let i = 1; i <= 50; i++) telemetry.append(reconcile(i, i));
    for (let i = 1; i <= 5000; i++) chatty.append(reconcile(i, 1000 + i));
    // 5,000 such records are more than the whole limit.
    await store.flush();
    expect(chatty.coverage().bytes + telemetry.coverage().bytes).toBeGreaterThan(1_000_000);
    await store.enforceRetention();
    expect(telemetry.coverage()).toMatchObject({ evicted: 0, records: 50 });
    const kept = chatty.coverage();
    expect(kept.records).toBeGreaterThan(0);
    expect(kept.bytes).toBeLessThanOrEqual(500_000);
    expect(kept.evicted + kept.records).toBe(5000);
    expect(chatty.query({ limit: 1 }).map((r) => r.seq)).toEqual([5001 - kept.records]);
    await store.close();
  });

  it('keeps records, coverage and the last seq across a restart', async () => {
    const path = tempFile();
    const now = { t: 1000 };
    const first = open(path, now, { maxAgeMs: 50 });
    const telemetry = first.stream(telemetryStream);
    telemetry.append(reconcile(1, 900));
    telemetry.append(reconcile(2, 1000));
    await first.enforceRetention();
    await first.close();

    const again = open(path, now);
    const reopened = again.stream(telemetryStream);
    expect(reopened.lastSeq).toBe(2);
    expect(reopened.query().map((r) => r.seq)).toEqual([2]);
    // Recording began at 1000, after the evicted record: history is complete since then.
    expect(reopened.coverage()).toMatchObject({ evicted: 1, completeSince: 1000, records: 1 });
    await again.close();
  });

  it('answers from what is written and what is not yet, without counting a record twice', async () => {
    const store = open(tempFile(), { t: 0 });
    const telemetry = store.stream(telemetryStream);
    telemetry.append(reconcile(1, 10));
    const written = store.flush();
    telemetry.append(reconcile(2, 20));
    expect(telemetry.query().map((r) => r.seq)).toEqual([1, 2]);
    await written;
    expect(telemetry.query().map((r) => r.seq)).toEqual([1, 2]);
    expect(telemetry.coverage()).toMatchObject({ records: 2, oldestSeq: 1, lastSeq: 2 });
    await store.close();
  });

  it('takes a new stream by its spec, with a table and coverage of its own', async () => {
    const store = open(tempFile(), { t: 0 });
    const requests = store.stream<{ seq: number; time: number; verb: string }>({
      name: 'requests',
      seqOf: (r) => r.seq,
      timeOf: (r) => r.time,
      columns: { verb: (r) => r.verb },
    });
    requests.append({ seq: 1, time: 1, verb: 'get' });
    requests.append({ seq: 2, time: 2, verb: 'update' });
    expect(requests.query({ where: { verb: 'update' } })).toEqual([{ seq: 2, time: 2, verb: 'update' }]);
    expect(store.status().streams.map((s) => s.stream)).toEqual(['requests']);
    expect(() => requests.query({ where: { nope: 1 } })).toThrow(/no column/);
    await store.close();
  });

  it('gives a stream a column its table lacks, filled from the records already stored', async () => {
    const path = tempFile();
    const first = open(path, { t: 0 });
    first
      .stream<{ seq: number; time: number; verb: string }>({ name: 'requests', seqOf: (r) => r.seq, timeOf: (r) => r.time, columns: {} })
      .append({ seq: 1, time: 1, verb: 'get' });
    await first.close();
    const again = open(path, { t: 0 });
    const requests = again.stream<{ seq: number; time: number; verb: string }>({
      name: 'requests',
      seqOf: (r) => r.seq,
      timeOf: (r) => r.time,
      columns: { verb: (r) => r.verb },
    });
    expect(requests.query({ where: { verb: 'get' } })).toEqual([{ seq: 1, time: 1, verb: 'get' }]);
    expect(requests.headers()).toEqual([{ seq: 1, time: 1, type: null, columns: { verb: 'get' } }]);
    await again.close();
  });

  it('hands the buffer to the write thread once flushAtRecords records wait, without waiting for the interval', async () => {
    const store = new HistoryStore({ path: tempFile(), flushEveryMs: 60_000, flushAtRecords: 3, retentionEveryMs: 0 });
    const telemetry = store.stream(telemetryStream);
    const afterThisTask = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
    telemetry.append(reconcile(1, 10));
    telemetry.append(reconcile(2, 20));
    await afterThisTask();
    expect(telemetry.pending).toBe(2);
    telemetry.append(reconcile(3, 30));
    expect(telemetry.pending).toBe(3);
    await afterThisTask();
    expect(telemetry.pending).toBe(0);
    expect(telemetry.query().map((r) => r.seq)).toEqual([1, 2, 3]);
    await store.close();
  });

  it('keeps facts about the session beside the streams, across a restart', async () => {
    const path = tempFile();
    const first = open(path, { t: 0 });
    first.writeMeta('source', { server: 'a' });
    first.writeMeta('source', { server: 'b' });
    await first.close();
    const again = open(path, { t: 0 });
    expect(again.readMeta('source')).toEqual({ server: 'b' });
    expect(again.readMeta('nothing')).toBeUndefined();
    await again.close();
  });
});

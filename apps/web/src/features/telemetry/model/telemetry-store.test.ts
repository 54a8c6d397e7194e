import { describe, expect, it } from 'vitest';
import type { TelemetryRecord } from '@dojo/console-protocol';
import type { ObjectIdentity } from '@dojo/kube-api';
import { TelemetryStore } from './telemetry-store.ts';

let seq = 0;
const dojoA: ObjectIdentity = { group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name: 'a' };
const start = (id: string, time: number, worker = 0, key = 'default/a', controller = 'dojo', object: ObjectIdentity = dojoA): TelemetryRecord => ({
  type: 'reconcile-start',
  seq: ++seq,
  time,
  controller,
  key,
  object,
  worker,
  reconcileId: id,
  triggers: [{ reason: 'watch', event: 'MODIFIED', kind: 'Dojo', key, resourceVersion: '7' }],
  droppedTriggers: 0,
});
const end = (id: string, time: number, result: 'success' | 'error' | 'conflict' = 'success', worker = 0, key = 'default/a'): TelemetryRecord => ({
  type: 'reconcile-end',
  seq: ++seq,
  time,
  controller: 'dojo',
  key,
  worker,
  reconcileId: id,
  result,
  durationMs: 5,
});
const call = (id: string, time: number, code = 200): TelemetryRecord => ({
  type: 'api-call',
  seq: ++seq,
  time,
  verb: 'update',
  resource: 'dojos',
  code,
  rvSent: '7',
  rvReturned: '8',
  durationMs: 1,
  reconcileId: id,
});

describe('TelemetryStore', () => {
  it('turns start and end records into a span in its worker lane', () => {
    const store = new TelemetryStore();
    store.ingest([start('r1', 100), call('r1', 102), end('r1', 105)]);
    const [lane] = store.lanes;
    expect(lane?.id).toBe('dojo#0');
    expect(lane?.spans[0]).toMatchObject({ id: 'r1', start: 100, end: 105, result: 'success', key: 'default/a' });
    expect(lane?.spans[0]?.apiCalls.map((c) => c.code)).toEqual([200]);
    expect(lane?.spans[0]?.triggers[0]?.resourceVersion).toBe('7');
  });

  it('keeps one lane per worker per controller, sorted', () => {
    const store = new TelemetryStore();
    store.ingest([start('a', 1, 1), start('b', 1, 0), start('c', 1, 0, 'default/x', 'alpha')]);
    expect(store.lanes.map((l) => l.id)).toEqual(['alpha#0', 'dojo#0', 'dojo#1']);
  });

  it('applies each record once, even when a backfill repeats it', () => {
    const store = new TelemetryStore();
    const records = [start('r1', 100), call('r1', 101), end('r1', 105)];
    store.ingest(records);
    store.ingest(records);
    expect(store.spanCount).toBe(1);
    expect(store.span('r1')?.apiCalls).toHaveLength(1);
  });

  it('accepts records out of order: an end before its start, a call before both', () => {
    const store = new TelemetryStore();
    const s = start('r1', 100);
    const c = call('r1', 101);
    const e = end('r1', 105, 'error');
    store.ingest([c, e]);
    store.ingest([s]);
    const span = store.span('r1')!;
    expect(span).toMatchObject({ start: 100, end: 105, result: 'error' });
    expect(span.apiCalls).toHaveLength(1);
    expect(span.triggers).toHaveLength(1);
    expect(store.spanCount).toBe(1);
  });

  it('keeps a lane sorted when an older span arrives late', () => {
    const store = new TelemetryStore();
    store.ingest([start('late', 200), end('late', 210)]);
    const revision = store.lanes[0]!.revision;
    store.ingest([start('early', 100), end('early', 110)]);
    expect(store.lanes[0]!.spans.map((s) => s.id)).toEqual(['early', 'late']);
    expect(store.lanes[0]!.revision).toBeGreaterThan(revision);
  });

  it('attributes a condition transition to the latest reconcile of that object before it', () => {
    const store = new TelemetryStore();
    store.ingest([start('r1', 100), end('r1', 105), start('r2', 200), end('r2', 205)]);
    store.ingest([
      { type: 'condition-transition', seq: ++seq, time: 206, key: 'default/a', kind: 'Dojo', object: dojoA, condition: 'Available', from: 'False', to: 'True' },
    ]);
    expect(store.span('r2')?.conditionChanges.map((c) => c.condition)).toEqual(['Available']);
    expect(store.span('r1')?.conditionChanges).toEqual([]);
    expect(store.transitionsOf(dojoA)).toHaveLength(1);
  });

  it('never mixes up objects of different kinds that share a namespace/name', () => {
    const store = new TelemetryStore();
    const deploymentA = { group: 'apps', kind: 'Deployment', namespace: 'default', name: 'a' };
    store.ingest([start('d1', 100), end('d1', 105), start('x1', 110, 0, 'default/a', 'deployment-controller', deploymentA), end('x1', 115)]);
    store.ingest([
      { type: 'condition-transition', seq: ++seq, time: 116, key: 'default/a', kind: 'Deployment', object: deploymentA, condition: 'Available', to: 'True' },
    ]);
    expect(store.spansOf(dojoA).map((s) => s.id)).toEqual(['d1']);
    expect(store.spansOf(deploymentA).map((s) => s.id)).toEqual(['x1']);
    expect(store.transitionsOf(dojoA)).toEqual([]);
    expect(store.span('d1')?.conditionChanges).toEqual([]);
  });

  it('tells a re-created object (a new uid) from the one before it', () => {
    const store = new TelemetryStore();
    store.ingest([start('old', 100, 0, 'default/a', 'dojo', { ...dojoA, uid: 'u1' }), start('new', 200, 0, 'default/a', 'dojo', { ...dojoA, uid: 'u2' })]);
    expect(store.spansOf({ ...dojoA, uid: 'u2' }).map((s) => s.id)).toEqual(['new']);
    expect(store.spansOf(dojoA).map((s) => s.id)).toEqual(['old', 'new']);
  });

  it('collects conflicts and attaches them to their reconcile', () => {
    const store = new TelemetryStore();
    store.ingest([
      start('r1', 100),
      {
        type: 'conflict',
        seq: ++seq,
        time: 101,
        key: 'default/a',
        resource: 'dojos',
        staleRV: '7',
        currentRV: '9',
        currentManager: 'kubectl',
        reconcileId: 'r1',
      },
    ]);
    expect(store.conflicts).toHaveLength(1);
    expect(store.span('r1')?.conflicts[0]?.currentManager).toBe('kubectl');
  });

  it('drops the oldest spans past its limit', () => {
    const store = new TelemetryStore({ maxSpans: 100 });
    const records: TelemetryRecord[] = [];
    for (let i = 0; i < 150; i++) records.push(start(`s${i}`, i * 10, i % 3), end(`s${i}`, i * 10 + 5, 'success', i % 3));
    store.ingest(records);
    expect(store.spanCount).toBeLessThanOrEqual(100);
    expect(store.span('s149')).toBeDefined();
    expect(store.span('s0')).toBeUndefined();
    for (const lane of store.lanes) for (const s of lane.spans) expect(store.span(s.id)).toBe(s);
  });

  it('tells subscribers when something changed', () => {
    const store = new TelemetryStore();
    let calls = 0;
    store.subscribe(() => calls++);
    store.ingest([start('r1', 1)]);
    store.ingest([{ type: 'debug', seq: ++seq, time: 2, controller: 'dojo', action: 'pause' }]);
    expect(calls).toBe(1);
    expect(store.lastSeq).toBe(seq);
  });

  it('finds the reconciles a version of an object triggered', () => {
    const store = new TelemetryStore();
    const deployment = { group: 'apps', kind: 'Deployment', namespace: 'default', name: 'a' };
    const triggered: TelemetryRecord = {
      ...start('t1', 100),
      triggers: [{ reason: 'owned', event: 'MODIFIED', kind: 'Deployment', key: 'default/a', object: deployment, resourceVersion: '812' }],
    } as TelemetryRecord;
    store.ingest([triggered, start('t2', 200)]);
    expect(store.spansTriggeredBy(deployment, '812').map((s) => s.id)).toEqual(['t1']);
    expect(store.spansTriggeredBy(dojoA, '812')).toEqual([]);
  });
});

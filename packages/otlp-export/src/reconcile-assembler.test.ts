import type { TelemetryRecord } from '@dojo/console-protocol';
import { describe, expect, it } from 'vitest';
import { ReconcileAssembler, type FinishedReconcile } from './reconcile-assembler.ts';

let seq = 0;
const start = (id: string): TelemetryRecord => ({
  seq: ++seq,
  time: seq,
  type: 'reconcile-start',
  controller: 'c',
  key: 'ns/a',
  worker: 0,
  reconcileId: id,
  triggers: [],
  droppedTriggers: 0,
});
const call = (id: string | undefined, verb = 'get'): TelemetryRecord => ({
  seq: ++seq,
  time: seq,
  type: 'api-call',
  controller: 'c',
  key: 'ns/a',
  verb,
  resource: 'pods',
  code: 200,
  durationMs: 1,
  ...(id ? { reconcileId: id } : {}),
});
const end = (id: string): TelemetryRecord => ({
  seq: ++seq,
  time: seq,
  type: 'reconcile-end',
  controller: 'c',
  key: 'ns/a',
  worker: 0,
  reconcileId: id,
  result: 'success',
  durationMs: 1,
});

describe('gathering a reconcile from the journal', () => {
  it('hands each reconcile on at its end, with its own calls in order, and none of the calls made outside a reconcile', () => {
    const done: FinishedReconcile[] = [];
    const a = new ReconcileAssembler((r) => done.push(r));
    for (const r of [start('1'), start('2'), call('1', 'get'), call(undefined, 'list'), call('2', 'patch'), call('1', 'update'), end('2'), end('1')]) a.add(r);
    expect(done.map((r) => [r.end.reconcileId, r.start?.reconcileId, r.calls.map((c) => c.verb)])).toEqual([
      ['2', '2', ['patch']],
      ['1', '1', ['get', 'update']],
    ]);
    expect(a.open).toBe(0);
  });

  it('keeps at most maxCalls calls and counts the rest; lets go of the oldest open reconcile past maxOpen', () => {
    const done: FinishedReconcile[] = [];
    const a = new ReconcileAssembler((r) => done.push(r), { maxOpen: 2, maxCalls: 1 });
    for (const r of [start('old'), start('x'), call('x'), call('x'), start('y')]) a.add(r);
    expect(a.open).toBe(2);
    a.add(end('old'));
    a.add(end('x'));
    expect(done[0]!.start).toBeUndefined();
    expect(done[0]!.calls).toEqual([]);
    expect(done[1]).toMatchObject({ omittedCalls: 1 });
    expect(done[1]!.calls).toHaveLength(1);
  });

  it('forgets open reconciles when the journal says records were lost', () => {
    const done: FinishedReconcile[] = [];
    const a = new ReconcileAssembler((r) => done.push(r));
    a.add(start('1'));
    a.clear();
    a.add(end('1'));
    expect(done[0]!.start).toBeUndefined();
  });
});

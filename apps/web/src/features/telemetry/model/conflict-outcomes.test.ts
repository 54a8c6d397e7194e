import { describe, expect, it } from 'vitest';
import type { ConflictRecord } from '@dojo/console-protocol';
import { conflictOutcome, describeOutcome } from './conflict-outcomes.ts';
import type { Span } from './span.ts';

const span = (id: string, start: number, result?: Span['result'], controller = 'dojo'): Span => ({
  id,
  controller,
  worker: 0,
  key: 'default/a',
  start,
  end: result ? start + 5 : undefined,
  result,
  startSeq: start,
  triggers: [],
  droppedTriggers: 0,
  apiCalls: [],
  conflicts: [],
  conditionChanges: [],
});

const conflict: ConflictRecord = { type: 'conflict', seq: 1, time: 102, key: 'default/a', resource: 'dojos', staleRV: '5', currentRV: '6', reconcileId: 'r1' };

describe('conflictOutcome', () => {
  it('is resolved when the next reconcile of the object succeeds', () => {
    const first = span('r1', 100, 'conflict');
    const spans = [first, span('other', 105, 'success', 'pods'), span('r2', 110, 'success')];
    const outcome = conflictOutcome(conflict, first, spans);
    expect(outcome).toMatchObject({ kind: 'resolved', retries: 1, afterMs: 13 });
    expect(describeOutcome(outcome)).toBe('resolved after 1 retry (success)');
  });

  it('follows a chain of conflicts until one ends', () => {
    const first = span('r1', 100, 'conflict');
    const outcome = conflictOutcome(conflict, first, [first, span('r2', 110, 'conflict'), span('r3', 120, 'error')]);
    expect(outcome).toMatchObject({ kind: 'failed', retries: 2 });
  });

  it('says when the retry has not run or is running', () => {
    const first = span('r1', 100, 'conflict');
    expect(conflictOutcome(conflict, first, [first]).kind).toBe('pending');
    expect(conflictOutcome(conflict, first, [first, span('r2', 110)])).toEqual({ kind: 'retrying', retries: 1 });
    expect(conflictOutcome(conflict, undefined, []).kind).toBe('unknown');
  });

  it('says a writer that has exited gave up, instead of "still retrying"', () => {
    const first = span('r1', 100, 'conflict', 'my-operator');
    const chain = [first, ...[110, 120, 130].map((at, i) => span(`r${i + 2}`, at, 'conflict', 'my-operator')), span('r5', 140, undefined, 'my-operator')];
    const gone = (controller: string) => controller === 'my-operator';
    expect(describeOutcome(conflictOutcome(conflict, first, chain))).toBe('still retrying (4 retries so far)');
    expect(describeOutcome(conflictOutcome(conflict, first, chain, gone))).toBe('gave up or exited after 4 retries');
    expect(describeOutcome(conflictOutcome(conflict, first, [first], gone))).toBe('gave up or exited without retrying');
  });

  it('still says resolved for a writer that exited after its retry succeeded', () => {
    const first = span('r1', 100, 'conflict', 'my-operator');
    expect(conflictOutcome(conflict, first, [first, span('r2', 110, 'success', 'my-operator')], () => true).kind).toBe('resolved');
  });
});

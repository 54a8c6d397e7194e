import { describe, expect, it } from 'vitest';
import type { ReconcileEndRecord } from '@dojo/console-protocol';
import { reconcileErrorsSource } from './reconcile-errors.ts';
import { dojo, now, subject } from '../testing/explain-fixtures.ts';

const end = (seq: number, result: ReconcileEndRecord['result'], error?: string): ReconcileEndRecord => ({
  type: 'reconcile-end',
  seq,
  time: now - (10 - seq) * 1000,
  controller: 'dojo',
  key: 'default/web',
  worker: 0,
  reconcileId: `r${seq}`,
  result,
  durationMs: 3,
  ...(error ? { error } : {}),
});
const s = subject(dojo({ conditions: [{ type: 'Ready', status: 'False' }] }));

describe('the reconcile errors source', () => {
  it('says nothing when the last reconcile succeeded', () => {
    expect(reconcileErrorsSource.blockers(s, { ends: [end(1, 'error', 'boom'), end(2, 'success')], paused: false })).toEqual([]);
  });

  it('calls one failure a blocker, with the reconcile to open and when it retries', () => {
    const [blocker] = reconcileErrorsSource.blockers(s, {
      ends: [end(1, 'success'), end(2, 'error', 'broker unavailable')],
      paused: false,
      position: { state: 'backoff', readyAt: now + 2000, retries: 1 },
    });
    expect(blocker).toMatchObject({ severity: 'blocked', title: 'The last reconcile failed: broker unavailable', since: now - 8000 });
    expect(blocker!.evidence).toContainEqual({ label: 'queue', value: 'in backoff after 1 retry, back in 2.0 s', time: now + 2000 });
    expect(blocker!.links[0]).toEqual({ label: 'reconcile r2', target: { page: 'timeline', reconcile: 'r2' } });
  });

  it('calls three failures in a row, or a terminal one, a failure', () => {
    const repeated = reconcileErrorsSource.blockers(s, { ends: [end(1, 'error', 'a'), end(2, 'error', 'b'), end(3, 'error', 'b')], paused: false });
    expect(repeated[0]).toMatchObject({ severity: 'failed', title: 'The last 3 reconciles failed: b', since: now - 9000 });
    expect(repeated[0]!.evidence).toContainEqual({ label: 'distinct errors', value: '2' });
    const terminal = reconcileErrorsSource.blockers(s, { ends: [{ ...end(1, 'error', 'invalid spec'), terminal: true }], paused: false });
    expect(terminal[0]?.severity).toBe('failed');
  });
});

import { newConflict } from '@dojo/kube-api';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock/fake-clock.ts';
import { ItemExponentialFailureRateLimiter } from '../workqueue/rate-limiters.ts';
import { RateLimitingWorkQueue } from '../workqueue/rate-limiting-queue.ts';
import type { ControllerMetrics, ReconcileTotalResult } from './controller-metrics.ts';
import { handleReconcileResult, type Settled } from './reconcile-result.ts';
import { TerminalError } from './reconciler.ts';

function handle(settled: Settled) {
  const queue = new RateLimitingWorkQueue({ clock: new FakeClock(), rateLimiter: new ItemExponentialFailureRateLimiter(5, 1000_000) });
  const counted: string[] = [];
  const metrics: ControllerMetrics = {
    reconciled: (result: ReconcileTotalResult) => counted.push(`total:${result}`),
    reconcileError: () => counted.push('errors'),
    terminalReconcileError: () => counted.push('terminal'),
    reconcilePanic: () => counted.push('panics'),
    reconcileTime: () => {},
    maxConcurrentReconciles: () => {},
    activeWorkers: () => {},
  };
  const verdict = handleReconcileResult(settled, 'ns/a', 'r1', { queue, metrics });
  const delayed = queue.snapshot().delayed.map((d) => ({ readyAt: d.readyAt, reason: d.triggers[0]?.reason }));
  return { verdict, counted, delayed, queued: queue.len() };
}

const conflict = newConflict({ group: 'core.jutsu.com', resource: 'dojos' }, 'a');

describe('handleReconcileResult', () => {
  it('forgets a successful key and requeues nothing', () => {
    expect(handle({ ok: true, result: undefined })).toEqual({ verdict: { result: 'success' }, counted: ['total:success'], delayed: [], queued: 0 });
  });

  it('sends an error to the rate limiter and counts it as an error', () => {
    const { verdict, counted, delayed } = handle({ ok: false, error: new Error('boom'), panic: false });
    expect(verdict).toEqual({ result: 'error', error: 'boom' });
    expect(counted).toEqual(['errors', 'total:error']);
    expect(delayed).toEqual([{ readyAt: 5, reason: 'error' }]);
  });

  it('does not requeue a TerminalError, even one wrapped as the cause of another error', () => {
    const wrapped = new Error('reconcile failed', { cause: new TerminalError('unsupported database') });
    const { verdict, counted, delayed } = handle({ ok: false, error: wrapped, panic: false });
    expect(verdict).toMatchObject({ result: 'error', terminal: true });
    expect(counted).toEqual(['terminal', 'errors', 'total:error']);
    expect(delayed).toEqual([]);
  });

  it('treats a Conflict as a rate-limited requeue, not an error', () => {
    const { verdict, counted, delayed } = handle({ ok: false, error: conflict, panic: false });
    expect(verdict.result).toBe('conflict');
    expect(counted).toEqual(['total:requeue']);
    expect(delayed).toEqual([{ readyAt: 5, reason: 'conflict' }]);
  });

  it('counts a panic and retries it as an error', () => {
    const { verdict, counted } = handle({ ok: false, error: 'not even an Error', panic: true });
    expect(verdict).toEqual({ result: 'error', error: 'non-error thrown: "not even an Error"', panic: true });
    expect(counted).toEqual(['panics', 'errors', 'total:error']);
  });

  it('adds the key after requeueAfter without the rate limiter', () => {
    const { verdict, counted, delayed } = handle({ ok: true, result: { requeueAfter: 2000, requeue: true } });
    expect(verdict).toEqual({ result: 'requeueAfter', requeueAfter: 2000 });
    expect(counted).toEqual(['total:requeue_after']);
    expect(delayed).toEqual([{ readyAt: 2000, reason: 'requeueAfter' }]);
  });

  it('sends requeue: true to the rate limiter', () => {
    const { verdict, counted, delayed } = handle({ ok: true, result: { requeue: true } });
    expect(verdict).toEqual({ result: 'requeue' });
    expect(counted).toEqual(['total:requeue']);
    expect(delayed).toEqual([{ readyAt: 5, reason: 'requeue' }]);
  });
});

/**
 * What a reconcile's outcome means for its key: the one place that decides (controller-runtime's
 * `reconcileHandler` switch), so every result is handled, counted and requeued the same way.
 */
import { isConflict } from '@dojo/kube-api';
import type { ReconcileResultKind } from '../telemetry/records.ts';
import type { RateLimitingQueue } from '../workqueue/rate-limiting-queue.ts';
import type { ControllerMetrics } from './controller-metrics.ts';
import { describeThrown } from './panic.ts';
import { isTerminalError, type Result } from './reconciler.ts';

/** How the reconciler's promise settled; `panic` is decided by the caller (see panic.ts). */
export type Settled = { readonly ok: true; readonly result: Result | void } | { readonly ok: false; readonly error: unknown; readonly panic: boolean };

/** The reconcile-end fields this decision produces. */
export interface Verdict {
  readonly result: ReconcileResultKind;
  readonly error?: string;
  readonly requeueAfter?: number;
  readonly terminal?: boolean;
  readonly panic?: boolean;
}

export interface ResultHandling {
  readonly queue: RateLimitingQueue;
  readonly metrics: ControllerMetrics;
}

type Case = 'terminal' | 'conflict' | 'error' | 'requeueAfter' | 'requeue' | 'success';

function caseOf(settled: Settled): Case {
  if (!settled.ok) {
    if (isTerminalError(settled.error)) return 'terminal';
    // A panic is never "just a conflict", even if it carries a 409.
    if (!settled.panic && isConflict(settled.error)) return 'conflict';
    return 'error';
  }
  const result = settled.result ?? {};
  if ((result.requeueAfter ?? 0) > 0) return 'requeueAfter';
  if (result.requeue) return 'requeue';
  return 'success';
}

export function handleReconcileResult(settled: Settled, key: string, reconcileId: string, on: ResultHandling): Verdict {
  const { queue, metrics } = on;
  const failure = settled.ok ? undefined : { error: describeThrown(settled.error), ...(settled.panic ? { panic: true } : {}) };
  if (!settled.ok && settled.panic) metrics.reconcilePanic();

  switch (caseOf(settled)) {
    case 'terminal':
      // Retrying cannot help: no requeue, and (like controller-runtime) no forget either.
      metrics.terminalReconcileError();
      metrics.reconcileError();
      metrics.reconciled('error');
      return { result: 'error', ...failure, terminal: true };
    case 'conflict':
      // A 409 means "you read a stale version": normal under optimistic concurrency. Retry
      // with backoff like an error, but count it as a requeue, not a reconcile error.
      queue.addRateLimited(key, { reason: 'conflict', reconcileId });
      metrics.reconciled('requeue');
      return { result: 'conflict', ...failure };
    case 'error':
      queue.addRateLimited(key, { reason: 'error', reconcileId });
      metrics.reconcileError();
      metrics.reconciled('error');
      return { result: 'error', ...failure };
    case 'requeueAfter': {
      const requeueAfter = (settled.ok && settled.result?.requeueAfter) || 0;
      queue.forget(key);
      queue.addAfter(key, requeueAfter, { reason: 'requeueAfter', reconcileId });
      metrics.reconciled('requeue_after');
      return { result: 'requeueAfter', requeueAfter };
    }
    case 'requeue':
      queue.addRateLimited(key, { reason: 'requeue', reconcileId });
      metrics.reconciled('requeue');
      return { result: 'requeue' };
    case 'success':
      queue.forget(key);
      metrics.reconciled('success');
      return { result: 'success' };
  }
}

/**
 * One reconcile of one dequeued key, start to end: a fresh reconcileId, the journal's
 * reconcile-start record, the reconciler run inside `reconcileContext` with a signal that a
 * timeout or the controller's stop aborts, injected faults, panic recovery, the one result
 * decision, metrics, and the reconcile-end record.
 *
 * The key stays "processing" in the queue until the reconciler's promise settles, even after a
 * timeout: abandoning a running reconcile would let a second one start on the same key.
 */
import { randomUUID } from 'node:crypto';
import { parseObjectKey, type ObjectIdentity } from '@dojo/kube-api';
import type { Clock } from '../clock/clock.ts';
import type { Journal } from '../telemetry/journal.ts';
import { reconcileContext } from '../telemetry/reconcile-context.ts';
import type { ReconcileEndRecord } from '../telemetry/records.ts';
import type { QueueItem } from '../workqueue/queue.ts';
import type { RateLimitingQueue } from '../workqueue/rate-limiting-queue.ts';
import type { ControllerMetrics } from './controller-metrics.ts';
import { InjectedFault, type FaultInjector } from './faults.ts';
import { isPanic } from './panic.ts';
import { handleReconcileResult, type Settled } from './reconcile-result.ts';
import type { ObjectIdentifier } from './object-identifier.ts';
import type { ReconcileContext, Reconciler } from './reconciler.ts';

export class ReconcileTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`reconcile timed out after ${timeoutMs}ms`);
    this.name = 'ReconcileTimeoutError';
  }
}

export interface PassEnvironment {
  readonly controller: string;
  readonly reconciler: Reconciler;
  readonly queue: RateLimitingQueue;
  readonly journal: Journal;
  readonly metrics: ControllerMetrics;
  readonly clock: Clock;
  readonly faults: FaultInjector;
  readonly timeoutMs: number | undefined;
  /** Aborted when the controller stops; every reconcile's signal follows it. */
  readonly stopSignal: AbortSignal;
  readonly identify: ObjectIdentifier;
}

export async function runReconcilePass(env: PassEnvironment, item: QueueItem, worker: number): Promise<ReconcileEndRecord> {
  const { controller, journal, clock, metrics } = env;
  const reconcileId = randomUUID();
  const key = item.key;
  // Named once, at the start: the uid is the incarnation the cache held when the pass began.
  const object = env.identify(key);
  const named: { object?: ObjectIdentity } = object ? { object } : {};
  const abort = new AbortController();
  const stop = (): void => abort.abort(env.stopSignal.reason);
  if (env.stopSignal.aborted) stop();
  else env.stopSignal.addEventListener('abort', stop, { once: true });
  let timedOut = false;
  const timer =
    env.timeoutMs === undefined
      ? undefined
      : clock.setTimer(env.timeoutMs, () => {
          timedOut = true;
          abort.abort(new ReconcileTimeoutError(env.timeoutMs ?? 0));
        });

  const context: ReconcileContext = {
    controller,
    reconcileId,
    worker,
    key,
    ...named,
    signal: abort.signal,
    triggers: item.triggers,
    droppedTriggers: item.droppedTriggers,
  };
  journal.append({
    type: 'reconcile-start',
    controller,
    key,
    ...named,
    worker,
    reconcileId,
    triggers: [...item.triggers],
    droppedTriggers: item.droppedTriggers,
  });
  metrics.activeWorkers(1);
  const started = clock.now();

  const settled = await reconcileContext.run(context, () => settle(env, context));

  timer?.cancel();
  env.stopSignal.removeEventListener('abort', stop);
  const durationMs = clock.now() - started;
  const verdict = handleReconcileResult(settled, key, reconcileId, env);
  metrics.reconcileTime(durationMs / 1000);
  metrics.activeWorkers(-1);
  return journal.append({
    type: 'reconcile-end',
    controller,
    key,
    ...named,
    worker,
    reconcileId,
    durationMs,
    ...verdict,
    ...(timedOut ? { timedOut } : {}),
  });
}

async function settle(env: PassEnvironment, context: ReconcileContext): Promise<Settled> {
  try {
    const latency = env.faults.latencyMs();
    if (latency > 0) await env.clock.sleep(latency, context.signal);
    if (env.faults.takeThrow()) throw new InjectedFault();
    return { ok: true, result: await env.reconciler.reconcile(parseObjectKey(context.key), context) };
  } catch (error) {
    return { ok: false, error, panic: isPanic(error) };
  }
}

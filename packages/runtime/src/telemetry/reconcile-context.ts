/**
 * Which reconcile is running, carried through every `await` by AsyncLocalStorage. The
 * controller runs each reconcile inside `reconcileContext.run`; an HTTP client elsewhere reads
 * `reconcileContext.current()` to attribute its api-call records to the reconcile that made
 * them, without the reconciler passing anything along.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ObjectIdentity } from '@dojo/kube-api';

export interface ReconcileScope {
  readonly controller: string;
  readonly reconcileId: string;
  readonly worker: number;
  /** The object being reconciled ("namespace/name"). */
  readonly key: string;
  /** Which object that is, when the controller can name its kind. */
  readonly object?: ObjectIdentity;
}

const storage = new AsyncLocalStorage<ReconcileScope>();

export const reconcileContext = {
  run<T>(scope: ReconcileScope, fn: () => T): T {
    return storage.run(scope, fn);
  },
  /** Runs `fn` outside any reconcile: background work it starts (an Event writer's loop) is attributed to none. */
  outside<T>(fn: () => T): T {
    return storage.exit(fn);
  },
  /** The reconcile this code runs on behalf of, or undefined outside any reconcile. */
  current(): ReconcileScope | undefined {
    return storage.getStore();
  },
};

/** What a ReplicaSet sync (and any Pod-owning controller's) needs from the outside. */
import { builtinTypes, type Client, type Clock, type EventRecorder, type Manager, type ObjectReader, type ReadableStore } from '@dojo/runtime';
import type { Pod } from '../core/workload-types.ts';
import type { Expectations } from './expectations.ts';

/** What every Pod-owning controller's sync needs: ReplicaSet, Job and DaemonSet alike. */
export interface PodOwnerDeps {
  readonly client: Client;
  readonly api: ObjectReader;
  /** The Pod informer's cache, for claiming by controller index (read-only). */
  readonly pods: ReadableStore<Pod>;
  readonly clock: Clock;
  readonly recorder: EventRecorder;
  /** Settled by the Pod informer (pod-expectations.ts). */
  readonly expectations: Expectations;
}

/** A Pod-owning controller's deps from its manager: its client, API reader, Pod cache and clock. */
export function podOwnerDeps(manager: Manager, recorder: EventRecorder, expectations: Expectations): PodOwnerDeps {
  return {
    client: manager.client,
    api: manager.apiClient,
    pods: manager.informers.informerFor<Pod>(builtinTypes.pods).store,
    clock: manager.clock,
    recorder,
    expectations,
  };
}

export interface ReplicaSetDeps extends PodOwnerDeps {
  /** The simulated node: Pods are created already bound to it (see replica-set-reconciler.ts). */
  readonly nodeName: string;
}

/** What a ReplicaSet sync (and any Pod-owning controller's) needs from the outside. */
import type { Client, Clock, EventRecorder, ObjectReader, ReadableStore } from '@dojo/runtime';
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

export interface ReplicaSetDeps extends PodOwnerDeps {
  /** The simulated node: Pods are created already bound to it (see replica-set-reconciler.ts). */
  readonly nodeName: string;
}

/** What a ReplicaSet sync needs from the outside. */
import type { Client, Clock, EventRecorder, ObjectReader, ReadableStore } from '@dojo/runtime';
import type { Pod } from '../core/workload-types.ts';
import type { Expectations } from './expectations.ts';

export interface ReplicaSetDeps {
  readonly client: Client;
  readonly api: ObjectReader;
  /** The Pod informer's cache, for claiming by controller index (read-only). */
  readonly pods: ReadableStore<Pod>;
  readonly clock: Clock;
  readonly recorder: EventRecorder;
  readonly expectations: Expectations;
  /** The simulated node: Pods are created already bound to it (see replica-set-reconciler.ts). */
  readonly nodeName: string;
}

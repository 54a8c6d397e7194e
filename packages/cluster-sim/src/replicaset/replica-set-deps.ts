/** What a ReplicaSet sync needs from the outside. */
import type { Client, Clock, EventRecorder, ObjectReader } from '@dojo/runtime';
import type { Expectations } from './expectations.ts';

export interface ReplicaSetDeps {
  readonly client: Client;
  readonly api: ObjectReader;
  readonly clock: Clock;
  readonly recorder: EventRecorder;
  readonly expectations: Expectations;
  /** The simulated node: Pods are created already bound to it (see replica-set-reconciler.ts). */
  readonly nodeName: string;
}

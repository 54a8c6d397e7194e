/** What a Deployment sync needs from the outside: clients, time, and where Events go. */
import type { Client, Clock, EventRecorder, ObjectReader, ReadableStore } from '@dojo/runtime';
import type { ReplicaSet } from '../core/workload-types.ts';

export interface DeploymentDeps {
  /** Cached reads, API writes (the manager's client). */
  readonly client: Client;
  /** Uncached reads, for what the cache may not have seen yet. */
  readonly api: ObjectReader;
  /** The ReplicaSet informer's cache, for claiming by controller index (read-only). */
  readonly replicaSets: ReadableStore<ReplicaSet>;
  readonly clock: Clock;
  readonly recorder: EventRecorder;
}

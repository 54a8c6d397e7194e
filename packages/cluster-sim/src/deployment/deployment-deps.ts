/** What a Deployment sync needs from the outside: clients, time, and where Events go. */
import type { Client, Clock, EventRecorder, ObjectReader } from '@dojo/runtime';

export interface DeploymentDeps {
  /** Cached reads, API writes (the manager's client). */
  readonly client: Client;
  /** Uncached reads, for what the cache may not have seen yet. */
  readonly api: ObjectReader;
  readonly clock: Clock;
  readonly recorder: EventRecorder;
}

/** What a StatefulSet sync needs from the outside. */
import type { Client, Clock, EventRecorder, ObjectReader, ReadableStore } from '@dojo/runtime';
import type { ControllerRevision, PersistentVolumeClaim } from '../core/apps-types.ts';
import type { Pod } from '../core/workload-types.ts';

export interface StatefulSetDeps {
  readonly client: Client;
  /** Uncached reads: the adoption re-check and a revision whose name is taken. */
  readonly api: ObjectReader;
  readonly pods: ReadableStore<Pod>;
  readonly revisions: ReadableStore<ControllerRevision>;
  readonly claims: ReadableStore<PersistentVolumeClaim>;
  readonly clock: Clock;
  readonly recorder: EventRecorder;
  /** The simulated scheduler's choice for a replica (Pods are bound at creation). */
  nodeFor(ordinal: number): string;
}

/**
 * Every telemetry record the runtime emits, as one discriminated union on `type`. Records are
 * plain JSON: they go over the wire (`GET /api/telemetry`, the `telemetry` stream) and into
 * journal files unchanged. The journal stamps `seq` (global, strictly increasing) and `time`
 * (epoch ms from the injected clock). A client keeps and ignores record types it does not know.
 *
 * `key` is the object the record is about as its controller's queue knows it ("namespace/name",
 * or "name" for cluster-scoped objects); `object` says which object that is — group, kind,
 * namespace, name and, when the emitter saw the object, its uid. Kinds share namespace/names (a
 * Dojo, its Deployment and its Database are all "default/web"), so readers match records to an
 * object by `identityKey(record.object)` (@dojo/kube-api), never by `key` alone; the journal's
 * and the history's `object` filter does exactly that.
 */
import type { ConditionStatus, ObjectIdentity, WatchEventType } from '@dojo/kube-api';
import type { StreamCoverage } from './history.ts';
import type { Trigger, TriggerReason } from './trigger.ts';
import type { DelayOutcome } from './workqueue.ts';
import type { InferredPass } from './activity.ts';

interface RecordBase {
  seq: number;
  time: number;
  controller?: string;
  key?: string;
  /** The object the record is about; absent when the emitter cannot name its kind. */
  object?: ObjectIdentity;
}

/** A watch event as an informer received it, before any predicate or handler. */
export interface WatchEventRecord extends RecordBase {
  type: 'watch-event';
  key: string;
  event: WatchEventType;
  kind: string;
  object: ObjectIdentity;
  resourceVersion?: string;
  generation?: number;
}

/** A key added to a controller's queue; `merged` when it deduplicated into a waiting key. */
export interface EnqueueRecord extends RecordBase {
  type: 'enqueue';
  controller: string;
  key: string;
  reason: string;
  trigger: Trigger;
  merged: boolean;
  outcome: DelayOutcome;
  delayMs?: number;
}

export interface DequeueRecord extends RecordBase {
  type: 'dequeue';
  controller: string;
  key: string;
  worker: number;
  /** How long the key waited in the queue since its first add. */
  waitedMs: number;
  triggerCount: number;
}

export interface ReconcileStartRecord extends RecordBase {
  type: 'reconcile-start';
  controller: string;
  key: string;
  worker: number;
  reconcileId: string;
  /** Everything merged into this pass: the answer to "what triggered this reconcile?". */
  triggers: Trigger[];
  droppedTriggers: number;
  /** Not run by the console: inferred from a client's requests (packages/activity), and how sure. */
  inferred?: InferredPass;
  /** Not run by the console, but recorded exactly: a span the operator sent over OTLP (docs/opentelemetry.md). */
  traced?: TracedReconcile;
}

/** Where a reconcile received as an OpenTelemetry span came from: exact, not inferred. */
export interface TracedReconcile {
  /** The sender's `service.name` resource attribute. */
  readonly service: string;
  /** Lowercase hex, as Jaeger and Tempo show them. */
  readonly traceId: string;
  readonly spanId: string;
  readonly spanName: string;
}

/** How a reconcile ended; `conflict` is a 409 on a stale write, requeued but not a failure. */
export type ReconcileResultKind = 'success' | 'error' | 'requeue' | 'requeueAfter' | 'conflict';

export interface ReconcileEndRecord extends RecordBase {
  type: 'reconcile-end';
  controller: string;
  key: string;
  worker: number;
  reconcileId: string;
  result: ReconcileResultKind;
  durationMs: number;
  error?: string;
  requeueAfter?: number;
  /** A TerminalError: not retried. */
  terminal?: boolean;
  /** The reconciler crashed and the controller recovered. */
  panic?: boolean;
  /** The reconcile outlived its timeout and its signal was aborted. */
  timedOut?: boolean;
}

/** One HTTP request to the API server, attributed to the reconcile that made it, if any. */
export interface ApiCallRecord extends RecordBase {
  type: 'api-call';
  verb: string;
  resource: string;
  namespace?: string;
  name?: string;
  code: number;
  rvSent?: string;
  rvReturned?: string;
  fieldManager?: string;
  durationMs: number;
  reconcileId?: string;
  worker?: number;
  /** Never sent: a fault injected from the console answered it. */
  injected?: boolean;
}

/** A field a server-side apply would have taken from the manager that owns it. */
export interface FieldManagerConflict {
  /** The field path as the API server's cause names it (".spec.replicas"). */
  readonly field: string;
  readonly manager: string;
}

/**
 * What a 409 Conflict was about. The API server answers 409 with reason Conflict for two
 * different things, and only the first is a race with a winner:
 * - `resourceVersion`: an update or patch carried a resourceVersion that was no longer current
 *   (optimistic concurrency); another write won, and a retry on a fresh read should succeed.
 * - `fieldManager`: a server-side apply (without force) would set fields other field managers
 *   own (Status causes of type FieldManagerConflict). Nothing was written and nothing "won":
 *   the applier must drop those fields, force, or agree with the owners.
 */
export type ConflictCause = { readonly kind: 'resourceVersion' } | { readonly kind: 'fieldManager'; readonly fields: readonly FieldManagerConflict[] };

/**
 * A 409 Conflict on an object: for a resourceVersion race, the stale version sent and the
 * version (and writer) that won, when known; for a field-manager conflict, the fields and their
 * managers. A dry run's 409 is not one: it changed nothing and conflicted with nothing.
 */
export interface ConflictRecord extends RecordBase {
  type: 'conflict';
  /** What the conflict was about; absent on records that predate the distinction (all were resourceVersion races). */
  cause?: ConflictCause;
  key: string;
  resource: string;
  staleRV?: string;
  currentRV?: string;
  currentManager?: string;
  /** The client that wrote the current version, when the request journal knows it. */
  currentClient?: string;
  /** "managedFields": the writer above is inferred from the object's newest managedFields entry, not seen writing. */
  currentWriterFrom?: 'managedFields';
  reconcileId?: string;
  /** A conflict injected from the console, not one the API server returned. */
  injected?: boolean;
  /** The fields the two versions disagree on, when the emitter can tell (the runtime does not yet). */
  fields?: string[];
}

/** A key sent to wait by the rate limiter (an enqueue record for the same add precedes it). */
export interface BackoffRecord extends RecordBase {
  type: 'backoff';
  controller: string;
  key: string;
  delayMs: number;
  retries: number;
  /** The reason of the trigger that asked for the backoff: 'error', 'conflict', 'requeue'. */
  cause: TriggerReason;
  reconcileId?: string;
}

export interface ConditionTransitionRecord extends RecordBase {
  type: 'condition-transition';
  key: string;
  kind: string;
  object: ObjectIdentity;
  /** The resourceVersion of the version that carried the new status. */
  resourceVersion?: string;
  condition: string;
  from?: ConditionStatus;
  to: ConditionStatus;
  reason?: string;
  message?: string;
  observedGeneration?: number;
}

export type DebugAction =
  'pause' | 'resume' | 'step' | 'breakpoint-set' | 'breakpoint-cleared' | 'breakpoint-hit' | 'breakpoint-continue' | 'max-concurrency' | 'faults';

/** A debugging control used on a controller, or a breakpoint it hit. */
export interface DebugRecord extends RecordBase {
  type: 'debug';
  controller: string;
  action: DebugAction;
  worker?: number;
  value?: number;
  detail?: string;
}

export type TelemetryRecord =
  | WatchEventRecord
  | EnqueueRecord
  | DequeueRecord
  | ReconcileStartRecord
  | ReconcileEndRecord
  | ApiCallRecord
  | ConflictRecord
  | BackoffRecord
  | ConditionTransitionRecord
  | DebugRecord;

export type TelemetryRecordType = TelemetryRecord['type'];

/** `GET /api/telemetry`: records oldest first, and whether some the client asked for are gone. */
export interface TelemetryPage {
  readonly records: TelemetryRecord[];
  /** Some records after `sinceSeq` were evicted (from history, or from the ring when there is none): rebuild state, then resume. */
  readonly resync: boolean;
  /** The oldest record still held, on disk or in memory. */
  readonly oldestSeq: number;
  readonly lastSeq: number;
  /** How complete the telemetry history is; absent when the console keeps none on disk. */
  readonly coverage?: StreamCoverage;
}

/** The query parameters of `GET /api/telemetry`. */
export interface TelemetryQuery {
  /** Records after this `seq` (exclusive); 0 for everything still held. */
  sinceSeq?: number;
  /** At most this many records (default 5000, at most 50 000). */
  limit?: number;
  controller?: string;
  /** Matches `record.key` ("namespace/name") — of any kind; prefer `object`. */
  objectKey?: string;
  /** Matches `identityKey(record.object)`: "group/kind/namespace/name". */
  object?: string;
  /** With `object`: only records about this incarnation (records that name no uid match too). */
  uid?: string;
  /** Records of one reconcile (its start, end, API calls, conflicts). */
  reconcile?: string;
  /** Records at or after this time (epoch ms). */
  from?: number;
  /** Records before this time (epoch ms). */
  to?: number;
  /** Record types, comma-separated. */
  types?: string;
}

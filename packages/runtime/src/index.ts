/**
 * @dojo/runtime — a controller runtime with client-go's semantics, instrumented at every step.
 *
 * Promises:
 * - Workqueue: a key is never processed by two workers at once; adding a queued key merges
 *   with it; a key added while it is processing is queued again after `done`; shutdown drains.
 * - Watcher: list+watch state machine that resumes from its last resourceVersion and relists
 *   on 410; after any sequence of dropped connections its cache converges to a fresh LIST.
 * - Controller: one place decides what a reconcile result means (error -> rate-limited
 *   requeue, terminal error -> none, requeueAfter -> forget + addAfter, success -> forget).
 * - Every step emits a telemetry record with a global sequence number, so the console can
 *   answer "what triggered this reconcile?".
 * - All time goes through an injected `Clock`.
 * - Client: HTTPS from a kubeconfig (client-node's KubeConfig for auth), typed StatusErrors,
 *   every call counted and, inside a reconcile, journaled with the RVs it sent and got.
 * - Informers: one watch and cache per type shared by all controllers; reads are deep copies.
 * - Manager: starts informers, waits for sync, runs controllers only while leading (Lease).
 * - Events: `manager.eventRecorderFor(component).record(obj, type, reason, message)` never
 *   blocks or throws; repeats become one Event with a growing count; written off the reconcile
 *   path, bounded, best effort (dropped ones are counted).
 *
 * Misuse: the informer cache may be stale; never treat a cached read as a precondition.
 */

// Time
export { realClock, sleepOn, type Clock, type Timer } from './clock/clock.ts';
export { FakeClock } from './clock/fake-clock.ts';

// Workqueue: queue -> delaying queue -> rate-limiting queue, each wrapping the one below.
export { defaultMaxTriggersPerKey, type Trigger, type TriggerReason } from './workqueue/trigger.ts';
export { WorkQueue, type Queue, type QueueItem, type QueueOptions } from './workqueue/queue.ts';
export { DelayingWorkQueue, type DelayingQueue, type DelayingQueueOptions } from './workqueue/delaying-queue.ts';
export {
  BucketRateLimiter,
  defaultControllerRateLimiter,
  ItemExponentialFailureRateLimiter,
  MaxOfRateLimiter,
  type BucketRateLimiterOptions,
  type RateLimiter,
} from './workqueue/rate-limiters.ts';
export { RateLimitingWorkQueue, type RateLimitedAdd, type RateLimitingQueue, type RateLimitingQueueOptions } from './workqueue/rate-limiting-queue.ts';
// What a queue shows and what an add did are wire types (@dojo/console-protocol).
export type {
  AddOutcome,
  DelayedKey,
  DelayingQueueSnapshot,
  DelayOutcome,
  ProcessingKey,
  QueueSnapshot,
  RateLimitingQueueSnapshot,
  WaitingKey,
} from '@dojo/console-protocol';
export {
  noopWorkqueueMetricsProvider,
  type CounterMetric,
  type GaugeMetric,
  type HistogramMetric,
  type SettableGaugeMetric,
  type WorkqueueMetricsProvider,
} from './workqueue/queue-metrics.ts';

// Telemetry: the journal, its record types, and reconcile attribution.
export type * from './telemetry/records.ts';
export {
  Journal,
  type JournalDelivery,
  type JournalListener,
  type JournalOptions,
  type JournalQuery,
  type JournalSink,
  matchesJournalQuery,
  reconcileIdOf,
} from './telemetry/journal.ts';
export { JournalFile, readJournalFile, type JournalFileOptions } from './telemetry/journal-file.ts';
export { reconcileContext, type ReconcileScope } from './telemetry/reconcile-context.ts';

// Metrics: controller-runtime's Prometheus metrics on a registry of their own.
export { createRuntimeMetrics, type RuntimeMetrics } from './metrics/runtime-metrics.ts';
export type { RestClientMetrics } from './metrics/rest-client-metrics.ts';

// Controller
export { Controller, type ControllerOptions, type ControllerStatus } from './controller/controller.ts';
export { identifierFor, type ObjectIdentifier } from './controller/object-identifier.ts';
export type { ControllerState, ReconcileCounts } from '@dojo/console-protocol';
export { isTerminalError, TerminalError, type ReconcileContext, type Reconciler, type Request, type Result } from './controller/reconciler.ts';
export { ReconcileTimeoutError } from './controller/reconcile-pass.ts';
export { FaultInjector, InjectedFault, type WriteFaultSource } from './controller/faults.ts';
export type { ControllerFaultSettings, FaultState } from '@dojo/console-protocol';
export {
  noopControllerMetricsProvider,
  type ControllerMetrics,
  type ControllerMetricsProvider,
  type ReconcileTotalResult,
} from './controller/controller-metrics.ts';

// Predicates
export {
  and,
  not,
  or,
  predicateFuncs,
  type CreateEvent,
  type DeleteEvent,
  type GenericEvent,
  type Predicate,
  type PredicateEventType,
  type UpdateEvent,
} from './predicate/predicate.ts';
export {
  annotationChangedPredicate,
  generationChangedPredicate,
  labelChangedPredicate,
  resourceVersionChangedPredicate,
} from './predicate/changed-predicates.ts';
export { CountingPredicate, type PredicateCounts } from './predicate/counting-predicate.ts';

// Client: Kubernetes REST over HTTPS from a kubeconfig; reconcilers read from caches.
export {
  apiVersionOfType,
  builtinTypes,
  groupResourceOf,
  resourceName,
  resourcePath,
  ResourceTypeRegistry,
  type ResourceType,
} from './client/resource-type.ts';
export type {
  Client,
  DeleteOptions,
  GetOptions,
  JsonPatchOperation,
  ListOptions,
  ObjectReader,
  ObjectWriter,
  Patch,
  PatchOptions,
  WatchOptions,
  WriteOptions,
} from './client/client.ts';
export { KubeClient, type KubeClientOptions } from './client/kube-client.ts';
export { KubeTransport, type HttpMethod, type TransportOptions, type TransportRequest, type TransportResponse } from './client/kube-transport.ts';
export { lastWriter, type CachedObjectLookup, type WriteFaultLookup } from './client/client-telemetry.ts';
export { CachedReader, type CachedType, type ObjectCache } from './client/cached-reader.ts';
export { DelegatingClient } from './client/delegating-client.ts';
export { discover } from './client/discovery.ts';
export { decodeWatchEvents } from './client/watch-stream.ts';

// Watcher: list + watch as a state machine that never loses an update.
export { Watcher, type WatcherCounters, type WatcherEvent, type WatcherOptions, type WatcherState } from './watcher/watcher.ts';
export { ExponentialBackoff, type BackoffOptions } from './watcher/backoff.ts';
export { listerWatcherFor, type ListerWatcher, type ListWatchClient, type PageRequest, type WatchRequest, type WatchScope } from './watcher/lister-watcher.ts';

// Informers: one shared watch and cache per type; the cache may be stale.
export { Store, type IndexFunc, type ReadableStore } from './informer/store.ts';
export {
  byController,
  byLabel,
  byNamespace,
  byOwnerUid,
  claimCandidates,
  controllerUidIndex,
  defaultIndexers,
  labelIndex,
  labelIndexValue,
  namespaceIndex,
  orphanIndexValue,
  ownerUidIndex,
} from './informer/indexers.ts';
export { SharedInformer, type InformerState, type ResourceEventHandler, type SharedInformerOptions } from './informer/shared-informer.ts';
export { InformerFactory, type InformerFactoryOptions } from './informer/informer-factory.ts';

// Builder: For / Owns / Watches -> a controller wired to the shared informers.
export { ControllerBuilder, type BuilderControllerOptions, type SourceOptions } from './builder/controller-builder.ts';
export { controllerOwnerKey, enqueueHandler, type EnqueueHandlerSpec, type EnqueueTarget, type MapFunc, type Relation } from './builder/enqueue-handlers.ts';
export type { ControllerHost, WatchSource } from './builder/controller-host.ts';

// Events: one broadcaster writes every recorder's core/v1 Events, correlated, off the reconcile path.
export { discardingEventRecorder, type EventOptions, type EventRecorder, type EventSource, type EventType } from './events/event-recorder.ts';
export { EventBroadcaster, reconcileIdAnnotation, type EventBroadcasterOptions } from './events/event-broadcaster.ts';

// Manager: informers, cache sync, controllers, health, leader election.
export {
  Manager,
  type ControllerInfo,
  type WatchSourceInfo,
  type LeaderElectionOptions,
  type ManagerOptions,
  type ManagerPhase,
  type ManagerState,
} from './manager/manager.ts';
export { DiscardingJournal } from './manager/discarding-journal.ts';
export type { HealthCheck, HealthReport } from './manager/health.ts';

// Leader election on a coordination.k8s.io/v1 Lease.
export { LeaderElector, type LeaderCallbacks, type LeaderElectionTiming, type LeaderElectorOptions, type LeaderElectorState } from './leader/leader-elector.ts';
export { LeaseLock, type Lease, type LeaderElectionRecord, type LeaseSpec, type LockState } from './leader/lease-lock.ts';

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
 *
 * Misuse: the informer cache may be stale; never treat a cached read as a precondition.
 */

// Time
export { realClock, sleepOn, type Clock, type Timer } from './clock/clock.ts';
export { FakeClock } from './clock/fake-clock.ts';

// Workqueue: queue -> delaying queue -> rate-limiting queue, each wrapping the one below.
export { defaultMaxTriggersPerKey, type Trigger, type TriggerReason } from './workqueue/trigger.ts';
export { WorkQueue, type AddOutcome, type Queue, type QueueItem, type QueueOptions } from './workqueue/queue.ts';
export type { ProcessingKey, QueueSnapshot, WaitingKey } from './workqueue/queue-snapshot.ts';
export {
  DelayingWorkQueue,
  type DelayedKey,
  type DelayingQueue,
  type DelayingQueueOptions,
  type DelayingQueueSnapshot,
  type DelayOutcome,
} from './workqueue/delaying-queue.ts';
export {
  BucketRateLimiter,
  defaultControllerRateLimiter,
  ItemExponentialFailureRateLimiter,
  MaxOfRateLimiter,
  type BucketRateLimiterOptions,
  type RateLimiter,
} from './workqueue/rate-limiters.ts';
export {
  RateLimitingWorkQueue,
  type RateLimitedAdd,
  type RateLimitingQueue,
  type RateLimitingQueueOptions,
  type RateLimitingQueueSnapshot,
} from './workqueue/rate-limiting-queue.ts';
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
  type JournalPage,
  type JournalQuery,
  type JournalSink,
} from './telemetry/journal.ts';
export { JournalFile, readJournalFile, type JournalFileOptions } from './telemetry/journal-file.ts';
export { reconcileContext, type ReconcileScope } from './telemetry/reconcile-context.ts';

// Metrics: controller-runtime's Prometheus metrics on a registry of their own.
export { createRuntimeMetrics, type RuntimeMetrics } from './metrics/runtime-metrics.ts';
export type { RestClientMetrics } from './metrics/rest-client-metrics.ts';

// Controller
export { Controller, type ControllerOptions, type ControllerState, type ReconcileCounts } from './controller/controller.ts';
export {
  isTerminalError,
  TerminalError,
  type ReconcileContext,
  type Reconciler,
  type Request,
  type Result,
} from './controller/reconciler.ts';
export { ReconcileTimeoutError } from './controller/reconcile-pass.ts';
export {
  FaultInjector,
  InjectedFault,
  type FaultSettings,
  type FaultState,
  type WriteFaultSource,
} from './controller/faults.ts';
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

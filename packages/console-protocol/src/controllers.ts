/**
 * The controllers the console shows and drives (`/api/controllers`, the `metrics` stream): a
 * summary with rolling statistics, and the runtime's full state of one controller.
 */
import type { GroupVersionKind } from '@dojo/kube-api';
import type { ReconcileEndRecord, ReconcileResultKind } from './telemetry.ts';
import type { RateLimitingQueueSnapshot } from './workqueue.ts';

/** Faults injected from the console to rehearse failures; each knob counts down as it fires. */
export interface ControllerFaultSettings {
  /** The next N reconciles throw an InjectedFault instead of running. */
  throwNext: number;
  /** Every reconcile waits this long (on the controller's clock) before it runs. */
  latencyMs: number;
  /** The next N writes made by this controller's reconciles answer 409 Conflict. */
  conflictNextWrites: number;
}

export interface FaultState extends ControllerFaultSettings {
  /** How many faults of each kind were injected so far. */
  readonly injected: { readonly throws: number; readonly conflicts: number };
}

/** Reconciles by how they ended, plus the ones that were terminal, panicked or timed out. */
export type ReconcileCounts = Record<ReconcileResultKind, number> & {
  readonly total: number;
  readonly terminal: number;
  readonly panics: number;
  readonly timeouts: number;
};

/** One controller as the runtime sees it: `Controller.state()`. */
export interface ControllerState {
  readonly name: string;
  readonly running: boolean;
  readonly paused: boolean;
  readonly breakpoints: readonly string[];
  readonly heldAtBreakpoint: readonly { readonly worker: number; readonly key: string }[];
  /** Keys continued past their breakpoint: held again only for a real change. */
  readonly continuedPastBreakpoint: readonly string[];
  /** Queued keys that wait because a breakpoint holds the controller. */
  readonly blockedByBreakpoint: readonly string[];
  readonly pendingSteps: number;
  /** `busy`: reconciling now; `running`: worker loops alive; `max`: MaxConcurrentReconciles. */
  readonly workers: { readonly busy: number; readonly running: number; readonly max: number };
  readonly queue: RateLimitingQueueSnapshot;
  readonly counts: ReconcileCounts;
  readonly faults: FaultState;
}

/** The event types a controller's predicates see (controller-runtime's create/update/delete/generic). */
export type PredicateEventType = 'create' | 'update' | 'delete' | 'generic';

/** A watch feeding a controller (For, Owns, Watches): the events its predicates passed and filtered. */
export interface WatchSummary {
  readonly relation: 'for' | 'owns' | 'watches';
  readonly kind: string;
  readonly resource: string;
  readonly passed: number;
  readonly filtered: number;
  readonly byType: Readonly<Record<PredicateEventType, { readonly passed: number; readonly dropped: number }>>;
}

/** A controller in lists and in the `metrics` stream; rate, error rate and percentiles cover the last minute. */
export interface ControllerSummary {
  readonly name: string;
  /** `operator`: an operator module's controller; `system`: the simulated control plane's. */
  readonly role: 'operator' | 'system';
  readonly forKind: GroupVersionKind;
  readonly paused: boolean;
  readonly workers: { readonly busy: number; readonly max: number };
  readonly depth: number;
  readonly counts: { readonly reconciles: number; readonly errors: number; readonly conflicts: number; readonly requeues: number };
  /** Reconciles per second over the last 10 seconds. */
  readonly ratePerSecond: number;
  readonly errorRate: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly breakpoints: readonly string[];
  readonly faults: FaultState;
  readonly watches: readonly WatchSummary[];
  /** Events the predicates kept out of the queue, over all watches. */
  readonly filteredEvents: number;
  /** In a recording: this state was rebuilt from telemetry, and what that cannot tell. */
  readonly reconstructed?: ReconstructedState;
}

/**
 * A controller's state in a recording, rebuilt from its telemetry up to the chosen instant:
 * queue, workers, counts and statistics follow from the journal's records; what no record
 * says (predicate counts, fault knobs, keys that entered the queue before the replayed
 * records began) is named in `unknown`.
 */
export interface ReconstructedState {
  /** The instant (epoch ms). */
  readonly at: number;
  /** The replayed records begin here (epoch ms): the recording's start, or later for a long one. */
  readonly since: number;
  /** Whether the replay reached the first record of the recording. */
  readonly fromStart: boolean;
  readonly unknown: readonly string[];
}

/** `GET /api/controllers`. */
export interface ControllerList {
  readonly controllers: readonly ControllerSummary[];
}

/** `GET /api/controllers/<name>` and the answer of every debug command: the summary plus the runtime's state. */
export interface ControllerDetails extends ControllerSummary {
  readonly state: ControllerState;
  /** Present when the request asked for part of the queue's keys (`?keys=N&match=TEXT`). */
  readonly keysShown?: QueueKeysShown;
}

/**
 * `GET /api/controllers/<name>?keys=N&match=TEXT`: each key list of the queue (queued,
 * processing, dirty, delayed) holds only its first N keys that contain TEXT, in the list's own
 * order; a queue of 10,000 keys is not sent whole every second.
 */
export interface QueueKeysShown {
  readonly limit: number;
  readonly match?: string;
  /** How many keys each list holds in all (those that contain `match`, when given). */
  readonly totals: { readonly queued: number; readonly processing: number; readonly dirty: number; readonly delayed: number };
}

/** The answer of `POST /api/controllers/<name>/step`: the reconcile it let through, or null when none ran. */
export interface StepAnswer extends ControllerDetails {
  readonly stepped: ReconcileEndRecord | null;
}

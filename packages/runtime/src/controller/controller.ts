/**
 * A controller: a rate-limited workqueue of object keys, N workers that take keys and run the
 * reconciler, and one result policy (reconcile-result.ts). Event sources call `enqueue(key,
 * trigger)`; the builder wires informers to it.
 *
 * Promises:
 * - A key is reconciled by at most one worker at a time; keys added while paused, or many times
 *   before a worker is free, are merged and reconciled once with all their triggers.
 * - Every enqueue, dequeue, reconcile start/end, backoff and debug action is journaled, and the
 *   controller-runtime metrics are kept.
 * - A throwing reconciler never stops a worker (panics are recovered and counted).
 * - `stop()` lets reconciles in flight finish (their signal is aborted) and takes no new key.
 */
import type { AddOutcome, ControllerState, DelayOutcome, ControllerFaultSettings, ReconcileEndRecord } from '@dojo/console-protocol';
import type { ObjectIdentity } from '@dojo/kube-api';
import { realClock, type Clock } from '../clock/clock.ts';
import type { Journal } from '../telemetry/journal.ts';
import type { RateLimiter } from '../workqueue/rate-limiters.ts';
import { RateLimitingWorkQueue } from '../workqueue/rate-limiting-queue.ts';
import type { Trigger } from '../workqueue/trigger.ts';
import { noopControllerMetricsProvider, type ControllerMetrics, type ControllerMetricsProvider } from './controller-metrics.ts';
import { DebugGate } from './debug-gate.ts';
import { FaultInjector } from './faults.ts';
import { JournaledQueue } from './journaled-queue.ts';
import type { ObjectIdentifier } from './object-identifier.ts';
import { runReconcilePass, type PassEnvironment } from './reconcile-pass.ts';
import type { Reconciler } from './reconciler.ts';

export interface ControllerOptions {
  /** Unique per process: it names the controller's metrics, journal records and queue. */
  name: string;
  reconciler: Reconciler;
  journal: Journal;
  clock?: Clock;
  metrics?: ControllerMetricsProvider;
  /** Workers reconciling in parallel (default 1). */
  maxConcurrentReconciles?: number;
  rateLimiter?: RateLimiter;
  /** Aborts a reconcile's signal after this long. No timeout by default. */
  reconcileTimeoutMs?: number;
  faults?: Partial<ControllerFaultSettings>;
  maxTriggersPerKey?: number;
  /** Names the object behind a key in journal records (the builder derives it from the For type). */
  identify?: ObjectIdentifier;
}

/**
 * `state()` without the queue's per-key snapshot: constant cost whatever the queue holds, for
 * dashboards that poll every controller often (a snapshot copies every queued key's triggers).
 */
export type ControllerStatus = Omit<ControllerState, 'queue' | 'blockedByBreakpoint'> & { readonly depth: number };

interface WorkerSlot {
  readonly id: number;
  /** Aborted to pull the worker out of a waiting `get` (pause, shrink); then replaced. */
  interrupt: AbortController;
  loop?: Promise<void>;
}

export class Controller {
  readonly name: string;
  /** Fault switches; a client wrapper consults `faults.takeWriteConflict()` for this controller. */
  readonly faults: FaultInjector;
  readonly #journal: Journal;
  readonly #queue: JournaledQueue;
  readonly #metrics: ControllerMetrics;
  readonly #gate: DebugGate;
  readonly #env: PassEnvironment;
  readonly #identify: ObjectIdentifier;
  readonly #stop = new AbortController();
  readonly #workers = new Map<number, WorkerSlot>();
  #max: number;
  #started = false;
  #busy = 0;
  #counts = { success: 0, error: 0, requeue: 0, requeueAfter: 0, conflict: 0, total: 0, terminal: 0, panics: 0, timeouts: 0 };

  constructor(options: ControllerOptions) {
    const clock = options.clock ?? realClock;
    const provider = options.metrics ?? noopControllerMetricsProvider;
    this.name = options.name;
    this.faults = new FaultInjector(options.faults);
    this.#journal = options.journal;
    this.#metrics = provider.forController(this.name);
    this.#max = validWorkerCount(options.maxConcurrentReconciles ?? 1);
    this.#metrics.maxConcurrentReconciles(this.#max);
    const queue = new RateLimitingWorkQueue({
      name: this.name,
      clock,
      metricsProvider: provider.workqueue,
      ...(options.rateLimiter ? { rateLimiter: options.rateLimiter } : {}),
      ...(options.maxTriggersPerKey ? { maxTriggersPerKey: options.maxTriggersPerKey } : {}),
    });
    this.#identify = options.identify ?? (() => undefined);
    this.#queue = new JournaledQueue(this.name, queue, this.#journal, clock, this.#identify);
    this.#gate = new DebugGate(() => this.#workers.forEach(interrupt));
    this.#env = {
      controller: this.name,
      reconciler: options.reconciler,
      queue: this.#queue,
      journal: this.#journal,
      metrics: this.#metrics,
      clock,
      faults: this.faults,
      timeoutMs: options.reconcileTimeoutMs,
      stopSignal: this.#stop.signal,
      identify: this.#identify,
    };
  }

  /** The entry point for event sources: adds the key (merging if it is waiting) and journals why. */
  enqueue(key: string, trigger: Trigger): AddOutcome {
    return this.#queue.add(key, trigger);
  }

  enqueueAfter(key: string, ms: number, trigger: Trigger): DelayOutcome {
    return this.#queue.addAfter(key, ms, trigger);
  }

  /** Starts the workers. Keys enqueued before `start` wait for it. */
  start(): void {
    if (this.#started || this.#stop.signal.aborted) return;
    this.#started = true;
    this.#spawnWorkers();
  }

  async stop(): Promise<void> {
    if (this.#stop.signal.aborted) return;
    this.#stop.abort(new Error(`controller ${this.name} stopped`));
    this.#queue.shutDown();
    this.#gate.releaseAll();
    this.#gate.notify();
    await Promise.all([...this.#workers.values()].map((w) => w.loop));
  }

  /** Grows or shrinks the worker pool; extra workers leave after their current reconcile. */
  setMaxConcurrentReconciles(n: number): void {
    this.#max = validWorkerCount(n);
    this.#metrics.maxConcurrentReconciles(this.#max);
    this.#journal.append({ type: 'debug', controller: this.name, action: 'max-concurrency', value: this.#max });
    for (const slot of this.#workers.values()) if (slot.id >= this.#max) interrupt(slot);
    this.#gate.notify();
    if (this.#started) this.#spawnWorkers();
  }

  pause(): void {
    if (this.#gate.pause()) this.#journal.append({ type: 'debug', controller: this.name, action: 'pause' });
  }

  resume(): void {
    if (this.#gate.resume()) this.#journal.append({ type: 'debug', controller: this.name, action: 'resume' });
  }

  /**
   * While paused, reconciles exactly one key (the one held at a breakpoint, else the next queued)
   * and resolves with its reconcile-end record; resolves `undefined` if not paused or nothing is
   * queued. A step granted while every worker is busy runs when the first one is free.
   */
  step(): Promise<ReconcileEndRecord | undefined> {
    const stepped = this.#gate.step(this.#queue.len());
    if (this.#gate.paused) this.#journal.append({ type: 'debug', controller: this.name, action: 'step' });
    return stepped;
  }

  setBreakpoint(key: string): void {
    if (this.#gate.setBreakpoint(key)) this.#journal.append({ type: 'debug', controller: this.name, action: 'breakpoint-set', key, ...this.#objectOf(key) });
  }

  /**
   * Lets the key held at its breakpoint run, and the controller go on; the breakpoint holds the
   * key again only for a real change (a new generation, or a trigger from outside the
   * controller's own writes). Returns false when the key was not held.
   */
  continueKey(key: string): boolean {
    if (!this.#gate.continueKey(key)) return false;
    this.#journal.append({ type: 'debug', controller: this.name, action: 'breakpoint-continue', key, ...this.#objectOf(key) });
    return true;
  }

  clearBreakpoint(key: string): void {
    if (this.#gate.clearBreakpoint(key))
      this.#journal.append({ type: 'debug', controller: this.name, action: 'breakpoint-cleared', key, ...this.#objectOf(key) });
  }

  injectFaults(patch: Partial<ControllerFaultSettings>): void {
    this.faults.set(patch);
    this.#journal.append({ type: 'debug', controller: this.name, action: 'faults', detail: JSON.stringify(patch) });
  }

  state(): ControllerState {
    const { depth: _depth, ...status } = this.status();
    const queue = this.#queue.snapshot();
    // While a breakpoint holds a worker the controller is paused: every queued key waits behind it.
    const blockedByBreakpoint = status.heldAtBreakpoint.length > 0 ? queue.queued.map((q) => q.key) : [];
    return { ...status, blockedByBreakpoint, queue };
  }

  status(): ControllerStatus {
    return {
      name: this.name,
      running: this.#started && !this.#stop.signal.aborted,
      paused: this.#gate.paused,
      breakpoints: this.#gate.breakpoints(),
      heldAtBreakpoint: this.#gate.held(),
      continuedPastBreakpoint: this.#gate.continued(),
      pendingSteps: this.#gate.pendingSteps(),
      // A worker held at a breakpoint has taken its key: it is busy, not free.
      workers: { busy: this.#busy + this.#gate.held().length, running: this.#workers.size, max: this.#max },
      depth: this.#queue.len(),
      counts: { ...this.#counts },
      faults: this.faults.state(),
    };
  }

  #spawnWorkers(): void {
    for (let id = 0; id < this.#max; id++) {
      if (this.#workers.has(id)) continue;
      const slot: WorkerSlot = { id, interrupt: new AbortController() };
      this.#workers.set(id, slot);
      slot.loop = this.#work(slot).finally(() => this.#workers.delete(id));
    }
  }

  async #work(slot: WorkerSlot): Promise<void> {
    while (!this.#stop.signal.aborted && slot.id < this.#max) {
      const admitted = this.#gate.admit();
      if (!admitted) {
        await this.#gate.changed();
        continue;
      }
      let ticket = admitted.ticket;
      const item = await this.#queue.get(slot.id, slot.interrupt.signal);
      if (!item) {
        if (ticket) this.#gate.giveBack(ticket);
        if (this.#queue.shuttingDown()) break;
        continue;
      }
      if (!ticket && this.#gate.shouldHold(item.key, item.triggers)) {
        this.#journal.append({ type: 'debug', controller: this.name, action: 'breakpoint-hit', key: item.key, worker: slot.id, ...this.#objectOf(item.key) });
        ticket = await this.#gate.hold(slot.id, item.key);
      }
      this.#busy++;
      try {
        // A key released at shutdown is dropped unreconciled, like the rest of the queue.
        const record = this.#stop.signal.aborted ? undefined : await runReconcilePass(this.#env, item, slot.id);
        if (record) this.#count(record);
        ticket?.resolve(record);
      } catch (error) {
        // Only the controller's own bookkeeping can land here; the worker must survive it.
        ticket?.resolve(undefined);
        process.emitWarning(`controller ${this.name} worker ${slot.id}: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        this.#busy--;
        this.#queue.done(item.key);
      }
    }
  }

  #objectOf(key: string): { object?: ObjectIdentity } {
    const object = this.#identify(key);
    return object ? { object } : {};
  }

  #count(record: ReconcileEndRecord): void {
    this.#counts[record.result]++;
    this.#counts.total++;
    if (record.terminal) this.#counts.terminal++;
    if (record.panic) this.#counts.panics++;
    if (record.timedOut) this.#counts.timeouts++;
  }
}

function interrupt(slot: WorkerSlot): void {
  slot.interrupt.abort();
  slot.interrupt = new AbortController();
}

function validWorkerCount(n: number): number {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`MaxConcurrentReconciles must be a positive integer, got ${n}`);
  return n;
}

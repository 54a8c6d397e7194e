/**
 * The base workqueue, with client-go's promises (`workqueue/doc.go`):
 * - Fair: keys are processed in the order in which they are added.
 * - Stingy: a key added many times before it is processed is processed once; adding a key that
 *   is already queued merges into it (and its trigger joins the key's trigger list).
 * - A key is never processed by two workers at once: a key added while it is processing is
 *   marked dirty and queued again only when `done(key)` is called.
 * - Multiple producers and consumers; a consumer may wait in `get()` for work.
 * - Shutdown: new adds are ignored, `get()` still hands out what is queued and then resolves
 *   `undefined`; `shutDownWithDrain()` also waits for keys in flight to be `done`.
 *
 * Misuse: every key handed out by `get()` must be passed to `done()` exactly once, or it stays
 * "processing" forever and its later adds are never handed out.
 */
import type { AddOutcome, ProcessingKey, QueueSnapshot, WaitingKey } from '@dojo/console-protocol';
import { realClock, type Clock } from '../clock/clock.ts';
import { Fifo } from './fifo.ts';
import { QueueMetrics, noopWorkqueueMetricsProvider, type WorkqueueMetricsProvider } from './queue-metrics.ts';
import { defaultMaxTriggersPerKey, noTriggers, type Trigger } from './trigger.ts';

/** A key handed to a worker, with every trigger merged into it since it was last handed out. */
export interface QueueItem {
  readonly key: string;
  readonly triggers: readonly Trigger[];
  /** Triggers merged beyond the per-key bound, counted but not kept. */
  readonly droppedTriggers: number;
  /** When the key was first added after it was last handed out. */
  readonly enqueuedAt: number;
}

export interface Queue {
  add(key: string, trigger?: Trigger): AddOutcome;
  /** One add carrying several triggers that arrived together (e.g. a delayed key coming due). */
  addTriggers(key: string, triggers: readonly Trigger[], droppedTriggers?: number): AddOutcome;
  /** Keys waiting for a worker. */
  len(): number;
  /**
   * The next key, waiting for one if none is queued. `worker` labels the key in snapshots.
   * Resolves `undefined` once the queue is shut down and empty, or when `signal` aborts.
   */
  get(worker?: number, signal?: AbortSignal): Promise<QueueItem | undefined>;
  done(key: string): void;
  shutDown(): void;
  shutDownWithDrain(): Promise<void>;
  shuttingDown(): boolean;
  snapshot(): QueueSnapshot;
}

export interface QueueOptions {
  /** Names the queue in metrics and snapshots; controllers use their own name. */
  name?: string;
  clock?: Clock;
  metricsProvider?: WorkqueueMetricsProvider;
  maxTriggersPerKey?: number;
}

interface Entry {
  readonly key: string;
  /** Needs processing: it is either in the FIFO or processing and due to be queued again. */
  dirty: boolean;
  processing: boolean;
  worker: number | undefined;
  since: number;
  startedAt: number;
  triggers: Trigger[] | undefined;
  droppedTriggers: number;
}

interface Waiter {
  readonly worker: number | undefined;
  readonly resolve: (item: QueueItem | undefined) => void;
  readonly signal: AbortSignal | undefined;
  readonly onAbort: () => void;
}

export class WorkQueue implements Queue {
  readonly name: string;
  readonly #clock: Clock;
  readonly #metrics: QueueMetrics;
  readonly #maxTriggers: number;
  // Entries exist only for keys that are dirty or processing.
  readonly #entries = new Map<string, Entry>();
  readonly #fifo = new Fifo<Entry>();
  #waiters: Waiter[] = [];
  #drainWaiters: (() => void)[] = [];
  #inFlight = 0;
  #shuttingDown = false;
  #adds = 0;
  #merged = 0;
  #gets = 0;
  #dones = 0;

  constructor(options: QueueOptions = {}) {
    this.name = options.name ?? '';
    this.#clock = options.clock ?? realClock;
    this.#maxTriggers = options.maxTriggersPerKey ?? defaultMaxTriggersPerKey;
    this.#metrics = new QueueMetrics(this.name, options.metricsProvider ?? noopWorkqueueMetricsProvider, this.#clock, () => this.#startTimes());
  }

  add(key: string, trigger?: Trigger): AddOutcome {
    if (this.#shuttingDown) return 'shutdown';
    const entry = this.#mark(key);
    if (trigger) this.#record(entry, trigger);
    return this.#enqueue(entry);
  }

  addTriggers(key: string, triggers: readonly Trigger[], droppedTriggers = 0): AddOutcome {
    if (this.#shuttingDown) return 'shutdown';
    const entry = this.#mark(key);
    for (const trigger of triggers) this.#record(entry, trigger);
    entry.droppedTriggers += droppedTriggers;
    return this.#enqueue(entry);
  }

  len(): number {
    return this.#fifo.size;
  }

  get(worker?: number, signal?: AbortSignal): Promise<QueueItem | undefined> {
    if (this.#fifo.size > 0) return Promise.resolve(this.#take(worker));
    if (this.#shuttingDown || signal?.aborted) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        worker,
        resolve,
        signal,
        onAbort: () => {
          this.#waiters = this.#waiters.filter((w) => w !== waiter);
          resolve(undefined);
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.#waiters.push(waiter);
    });
  }

  done(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry?.processing) return;
    this.#dones++;
    if (this.#metrics.enabled) this.#metrics.finished(this.#clock.now() - entry.startedAt);
    entry.processing = false;
    entry.worker = undefined;
    this.#inFlight--;
    if (entry.dirty) {
      this.#fifo.push(entry);
      this.#dispatch();
    } else {
      this.#entries.delete(key);
    }
    if (this.#inFlight === 0 && this.#drainWaiters.length > 0) {
      const drained = this.#drainWaiters;
      this.#drainWaiters = [];
      for (const resolve of drained) resolve();
    }
  }

  shutDown(): void {
    this.#shuttingDown = true;
    // Waiters exist only while the FIFO is empty, so none of them can be owed an item.
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const waiter of waiters) {
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      waiter.resolve(undefined);
    }
  }

  shutDownWithDrain(): Promise<void> {
    this.shutDown();
    if (this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.#drainWaiters.push(resolve));
  }

  shuttingDown(): boolean {
    return this.#shuttingDown;
  }

  snapshot(): QueueSnapshot {
    const waiting = (e: Entry): WaitingKey => ({
      key: e.key,
      since: e.since,
      triggers: e.triggers ? [...e.triggers] : [],
      droppedTriggers: e.droppedTriggers,
    });
    const processing: ProcessingKey[] = [];
    const dirty: WaitingKey[] = [];
    for (const e of this.#entries.values()) {
      if (!e.processing) continue;
      processing.push({ key: e.key, worker: e.worker, startedAt: e.startedAt, dirty: e.dirty });
      if (e.dirty) dirty.push(waiting(e));
    }
    return {
      name: this.name,
      depth: this.#fifo.size,
      queued: [...this.#fifo].map(waiting),
      processing,
      dirty,
      counters: { adds: this.#adds, merged: this.#merged, gets: this.#gets, dones: this.#dones },
      shuttingDown: this.#shuttingDown,
    };
  }

  /** Finds or creates the key's entry and counts the add; the caller records triggers. */
  #mark(key: string): Entry {
    this.#adds++;
    let entry = this.#entries.get(key);
    if (!entry) {
      entry = { key, dirty: false, processing: false, worker: undefined, since: 0, startedAt: 0, triggers: undefined, droppedTriggers: 0 };
      this.#entries.set(key, entry);
    }
    return entry;
  }

  #enqueue(entry: Entry): AddOutcome {
    if (entry.dirty) {
      this.#merged++;
      return 'merged';
    }
    entry.dirty = true;
    entry.since = this.#clock.now();
    this.#metrics.added();
    if (entry.processing) return 'dirty';
    this.#fifo.push(entry);
    this.#dispatch();
    return 'queued';
  }

  #record(entry: Entry, trigger: Trigger): void {
    if (!entry.triggers) entry.triggers = [trigger];
    else if (entry.triggers.length < this.#maxTriggers) entry.triggers.push(trigger);
    else entry.droppedTriggers++;
  }

  #dispatch(): void {
    while (this.#waiters.length > 0 && this.#fifo.size > 0) {
      const waiter = this.#waiters.shift()!;
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      waiter.resolve(this.#take(waiter.worker));
    }
  }

  #take(worker: number | undefined): QueueItem {
    const entry = this.#fifo.shift()!;
    const now = this.#clock.now();
    const item: QueueItem = {
      key: entry.key,
      triggers: entry.triggers ?? noTriggers,
      droppedTriggers: entry.droppedTriggers,
      enqueuedAt: entry.since,
    };
    entry.dirty = false;
    entry.processing = true;
    entry.worker = worker;
    entry.startedAt = now;
    entry.triggers = undefined;
    entry.droppedTriggers = 0;
    this.#gets++;
    this.#inFlight++;
    this.#metrics.handedOut(now - entry.since);
    this.#metrics.inFlight(this.#inFlight);
    return item;
  }

  *#startTimes(): IterableIterator<number> {
    for (const e of this.#entries.values()) if (e.processing) yield e.startedAt;
  }
}

/**
 * client-go's EventCorrelator, reduced to its aggregation rule: an Event identical to one
 * written before (same object, type, reason, message and source — the caller's `key`) within
 * `windowMs` is not written again; the existing Event's `count` goes up and its
 * `lastTimestamp` moves. The memory of what was written is a bounded LRU, as in client-go
 * (4096 entries); after a restart the next occurrence starts a new Event, exactly as a
 * restarted kube-controller-manager does.
 */

export interface CorrelatedEvent {
  readonly name: string;
  readonly namespace: string;
  readonly count: number;
  /** Epoch ms of the first and the latest occurrence. */
  readonly firstAt: number;
  readonly lastAt: number;
}

export type EventWrite = { readonly action: 'create' | 'increment'; readonly event: CorrelatedEvent };

export interface EventCorrelatorOptions {
  /** Remembered Events; the least recently seen is forgotten first. Default 4096. */
  readonly capacity?: number;
  /** A repeat later than this after the previous occurrence starts a new Event. Default 10 min. */
  readonly windowMs?: number;
}

const defaultCorrelatorCapacity = 4096;
const defaultCorrelationWindowMs = 10 * 60_000;

export class EventCorrelator {
  readonly #capacity: number;
  readonly #windowMs: number;
  // Map iteration order is insertion order: re-inserting on use makes it an LRU.
  readonly #written = new Map<string, CorrelatedEvent>();

  constructor(options: EventCorrelatorOptions = {}) {
    this.#capacity = options.capacity ?? defaultCorrelatorCapacity;
    this.#windowMs = options.windowMs ?? defaultCorrelationWindowMs;
  }

  /** What to write for one more occurrence of the Event `key` at `at`, given a fresh name to use if new. */
  next(key: string, fresh: { name: string; namespace: string; at: number }): EventWrite {
    const seen = this.#written.get(key);
    if (seen && fresh.at - seen.lastAt < this.#windowMs) {
      const event = { ...seen, count: seen.count + 1, lastAt: Math.max(seen.lastAt, fresh.at) };
      this.#remember(key, event);
      return { action: 'increment', event };
    }
    const event = { name: fresh.name, namespace: fresh.namespace, count: 1, firstAt: fresh.at, lastAt: fresh.at };
    this.#remember(key, event);
    return { action: 'create', event };
  }

  /** Drops an entry whose Event could not be written or is gone from the server. */
  forget(key: string): void {
    this.#written.delete(key);
  }

  get size(): number {
    return this.#written.size;
  }

  #remember(key: string, event: CorrelatedEvent): void {
    this.#written.delete(key);
    this.#written.set(key, event);
    if (this.#written.size > this.#capacity) {
      const oldest = this.#written.keys().next();
      if (!oldest.done) this.#written.delete(oldest.value);
    }
  }
}

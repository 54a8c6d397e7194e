/**
 * client-go's EventCorrelator, reduced to its aggregation rule: an Event identical to one
 * recorded before (same object, type, reason, message and source) is not written again; the
 * existing Event's `count` goes up and its `lastTimestamp` moves. The memory of what was
 * recorded is a bounded LRU, as in client-go (4096 entries); after a restart the next
 * occurrence starts a new Event, exactly as a restarted kube-controller-manager does.
 */

export interface AggregatedEvent {
  readonly name: string;
  readonly namespace: string;
  readonly count: number;
  readonly firstTimestamp: string;
}

export type EventWrite =
  | { readonly action: 'create'; readonly event: AggregatedEvent }
  | { readonly action: 'increment'; readonly event: AggregatedEvent };

export const defaultAggregatorCapacity = 4096;

export class EventAggregator {
  readonly #capacity: number;
  // Map iteration order is insertion order: re-inserting on use makes it an LRU.
  readonly #recorded = new Map<string, AggregatedEvent>();

  constructor(capacity = defaultAggregatorCapacity) {
    this.#capacity = capacity;
  }

  /** What to write for one more occurrence of the event `key`, given a fresh name to use if new. */
  next(key: string, fresh: { name: string; namespace: string; timestamp: string }): EventWrite {
    const seen = this.#recorded.get(key);
    if (seen) {
      const event = { ...seen, count: seen.count + 1 };
      this.#remember(key, event);
      return { action: 'increment', event };
    }
    const event = { name: fresh.name, namespace: fresh.namespace, count: 1, firstTimestamp: fresh.timestamp };
    this.#remember(key, event);
    return { action: 'create', event };
  }

  /** Drops an entry whose Event is gone from the server (deleted, or its namespace was). */
  forget(key: string): void {
    this.#recorded.delete(key);
  }

  get size(): number {
    return this.#recorded.size;
  }

  #remember(key: string, event: AggregatedEvent): void {
    this.#recorded.delete(key);
    this.#recorded.set(key, event);
    if (this.#recorded.size > this.#capacity) {
      const oldest = this.#recorded.keys().next();
      if (!oldest.done) this.#recorded.delete(oldest.value);
    }
  }
}

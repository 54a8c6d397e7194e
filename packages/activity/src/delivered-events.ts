/**
 * The watch events each client received lately: the candidates for "what triggered this
 * pass?". An event triggers at most one pass (a controller's queue merges repeated keys, so
 * the first pass after an event is the one it caused); it can be found by the object it is
 * about or by the object that controls it (an owned child's event queues its owner).
 */
import { identityKey, type ObjectIdentity, type WatchEventType } from '@dojo/kube-api';

export interface DeliveredEvent {
  readonly seq: number;
  readonly time: number;
  readonly event: WatchEventType;
  readonly object: ObjectIdentity;
  readonly key: string;
  readonly resourceVersion?: string;
  /** The object that controls this one (its controller ownerReference), by identity key. */
  readonly ownerKey?: string;
  /** A current object sent first to a watch without resourceVersion (an initial list). */
  readonly initial: boolean;
  consumed: boolean;
}

export class DeliveredEvents {
  readonly #events: DeliveredEvent[] = [];
  readonly #keep: number;
  readonly #maxAgeMs: number;

  constructor(keep = 2000, maxAgeMs = 60_000) {
    this.#keep = keep;
    this.#maxAgeMs = maxAgeMs;
  }

  add(event: Omit<DeliveredEvent, 'key' | 'consumed'>): DeliveredEvent {
    const delivered: DeliveredEvent = { ...event, key: identityKey(event.object), consumed: false };
    this.#events.push(delivered);
    const tooOld = delivered.time - this.#maxAgeMs;
    let drop = Math.max(0, this.#events.length - this.#keep);
    while (drop < this.#events.length && this.#events[drop]!.time < tooOld) drop++;
    if (drop > 0) this.#events.splice(0, drop);
    return delivered;
  }

  /**
   * Unconsumed events received in [`time - windowMs`, `time`] about `key` itself or about
   * objects it controls, oldest first.
   */
  candidates(key: string, time: number, windowMs: number): { same: DeliveredEvent[]; owned: DeliveredEvent[] } {
    const same: DeliveredEvent[] = [];
    const owned: DeliveredEvent[] = [];
    // Newest first, then reversed: unshift would make a full window quadratic.
    for (let i = this.#events.length - 1; i >= 0; i--) {
      const e = this.#events[i]!;
      if (e.time > time) continue;
      if (e.time < time - windowMs) break;
      if (e.consumed || e.initial) continue;
      if (e.key === key) same.push(e);
      else if (e.ownerKey === key) owned.push(e);
    }
    return { same: same.reverse(), owned: owned.reverse() };
  }

  /** Events about `key` or its children received in (`after`, `until`], consumed or not. */
  about(key: string, after: number, until: number): DeliveredEvent[] {
    const found: DeliveredEvent[] = [];
    for (let i = this.#events.length - 1; i >= 0; i--) {
      const e = this.#events[i]!;
      if (e.time <= after) break;
      if (e.time <= until && !e.initial && (e.key === key || e.ownerKey === key)) found.push(e);
    }
    return found;
  }

  /** Unconsumed events received in [`time - windowMs`, `time`], oldest first: the passes about to happen. */
  pending(time: number, windowMs: number): DeliveredEvent[] {
    const found: DeliveredEvent[] = [];
    for (let i = this.#events.length - 1; i >= 0; i--) {
      const e = this.#events[i]!;
      if (e.time < time - windowMs) break;
      if (e.time <= time && !e.consumed && !e.initial) found.push(e);
    }
    return found.reverse();
  }

  clear(): void {
    this.#events.length = 0;
  }
}

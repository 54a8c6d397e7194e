/**
 * The watch events each client received lately: the candidates for "what triggered this
 * pass?". An event triggers at most one pass (a controller's queue merges repeated keys, so
 * the first pass after an event is the one it caused); it can be found by the object it is
 * about or by the object that controls it (an owned child's event queues its owner).
 *
 * Every request of a client that reconciles asks these questions, so they are answered from
 * indexes rather than by scanning the window (which at 1,000 objects in flight holds
 * thousands of events): by object key, by controlling owner's key, and the events still
 * waiting for their pass, each kept in delivery order. A query costs the events about the
 * object asked for (plus a binary search for where its time window begins), not the window.
 * The indexes hold exactly the window's events: an evicted event leaves every one of them.
 *
 * The window is in delivery order, and delivery order is time order (the journal stamps each
 * record as it appends it); a query's time window is cut where a scan from the newest event
 * back would first step past it. Should the clock step back, events are out of time order
 * and that cut is found by scanning back, as before, until the step leaves the window.
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
  /** Merged into a pass already (`consume`): it triggers no other. */
  readonly consumed: boolean;
}

/** An event as the window holds it: its place in delivery order, which every index sorts by. */
interface HeldEvent extends DeliveredEvent {
  readonly position: number;
  consumed: boolean;
  /** Delivered with an earlier time than the event before it (the clock stepped back). */
  readonly outOfOrder: boolean;
}

/** How much the window holds; every index is bounded by the window's events. */
export interface DeliveredEventsSize {
  readonly events: number;
  /** Objects with events in the window, by key. */
  readonly objects: number;
  /** Owners with events about their children in the window. */
  readonly owners: number;
  /** Events not yet merged into a pass (initial lists excluded). */
  readonly waiting: number;
}

/** Where `position` is, or would be inserted, in `list` (sorted by position). */
function positionIndex(list: readonly HeldEvent[], position: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]!.position < position) low = middle + 1;
    else high = middle;
  }
  return low;
}

function append(index: Map<string, HeldEvent[]>, key: string, event: HeldEvent): void {
  const list = index.get(key);
  if (list) list.push(event);
  else index.set(key, [event]);
}

/** Removes the oldest event of `key`'s list, which eviction guarantees is `event`. */
function evictOldest(index: Map<string, HeldEvent[]>, key: string, event: HeldEvent): void {
  const list = index.get(key)!;
  if (list[0] === event) list.shift();
  if (list.length === 0) index.delete(key);
}

const none: readonly HeldEvent[] = [];

export class DeliveredEvents {
  /** The window, oldest first, from `#head` on (evicted slots are dropped in batches). */
  #events: HeldEvent[] = [];
  #head = 0;
  #nextPosition = 0;
  #outOfOrder = 0;
  readonly #byKey = new Map<string, HeldEvent[]>();
  readonly #byOwner = new Map<string, HeldEvent[]>();
  /** Unconsumed, non-initial events, by position. */
  readonly #waiting: HeldEvent[] = [];
  readonly #keep: number;
  readonly #maxAgeMs: number;

  constructor(keep = 2000, maxAgeMs = 60_000) {
    this.#keep = keep;
    this.#maxAgeMs = maxAgeMs;
  }

  add(event: Omit<DeliveredEvent, 'key' | 'consumed'>): DeliveredEvent {
    const previous = this.#events[this.#events.length - 1];
    const outOfOrder = this.#events.length > this.#head && previous!.time > event.time;
    const held: HeldEvent = { ...event, key: identityKey(event.object), consumed: false, position: this.#nextPosition++, outOfOrder };
    this.#events.push(held);
    if (outOfOrder) this.#outOfOrder++;
    append(this.#byKey, held.key, held);
    if (held.ownerKey !== undefined) append(this.#byOwner, held.ownerKey, held);
    if (!held.initial) this.#waiting.push(held);
    const tooOld = held.time - this.#maxAgeMs;
    let drop = this.#head + Math.max(0, this.#events.length - this.#head - this.#keep);
    while (drop < this.#events.length && this.#events[drop]!.time < tooOld) drop++;
    while (this.#head < drop) this.#evict(this.#events[this.#head++]!);
    if (this.#head > 1024 && this.#head * 2 > this.#events.length) {
      this.#events = this.#events.slice(this.#head);
      this.#head = 0;
    }
    return held;
  }

  /**
   * Unconsumed events received in [`time - windowMs`, `time`] about `key` itself or about
   * objects it controls, oldest first.
   */
  candidates(key: string, time: number, windowMs: number): { same: DeliveredEvent[]; owned: DeliveredEvent[] } {
    const after = this.#cut(time - windowMs, false);
    const waitingIn = (e: HeldEvent) => e.time <= time && !e.consumed && !e.initial;
    return {
      same: this.#newestFirst(this.#byKey.get(key) ?? none, after, waitingIn).reverse(),
      owned: this.#newestFirst(this.#byOwner.get(key) ?? none, after, (e) => e.key !== key && waitingIn(e)).reverse(),
    };
  }

  /** Whether an unconsumed event about `key` or an object it controls was received in [`time - windowMs`, `time`]. */
  waiting(key: string, time: number, windowMs: number): boolean {
    const after = this.#cut(time - windowMs, false);
    const waitingIn = (e: HeldEvent) => e.time <= time && !e.consumed && !e.initial;
    return this.#newestFirst(this.#byKey.get(key) ?? none, after, waitingIn, 1).length > 0 || this.#newestFirst(this.#byOwner.get(key) ?? none, after, waitingIn, 1).length > 0;
  }

  /** The oldest unconsumed event received in [`time - windowMs`, `time`]: the next pass a queue would hand out. */
  oldestWaiting(time: number, windowMs: number): DeliveredEvent | undefined {
    const after = this.#cut(time - windowMs, false);
    for (let i = positionIndex(this.#waiting, after + 1); i < this.#waiting.length; i++) {
      const e = this.#waiting[i]!;
      if (e.time <= time) return e;
    }
    return undefined;
  }

  /** Events about `key` or its children received in (`after`, `until`], consumed or not, newest first. */
  about(key: string, after: number, until: number): DeliveredEvent[] {
    const cut = this.#cut(after, true);
    const keep = (e: HeldEvent) => e.time <= until && !e.initial;
    const same = this.#newestFirst(this.#byKey.get(key) ?? none, cut, keep);
    const owned = this.#newestFirst(this.#byOwner.get(key) ?? none, cut, (e) => e.key !== key && keep(e));
    if (owned.length === 0) return same;
    if (same.length === 0) return owned;
    const merged: DeliveredEvent[] = [];
    let s = 0;
    let o = 0;
    while (s < same.length || o < owned.length)
      merged.push(o >= owned.length || (s < same.length && same[s]!.position > owned[o]!.position) ? same[s++]! : owned[o++]!);
    return merged;
  }

  /** Merges events into a pass: none of them triggers another. */
  consume(events: readonly DeliveredEvent[]): void {
    for (const event of events as readonly HeldEvent[]) {
      if (event.consumed) continue;
      event.consumed = true;
      const i = positionIndex(this.#waiting, event.position);
      if (this.#waiting[i] === event) this.#waiting.splice(i, 1);
    }
  }

  /** Gives events back (a pass filed under the wrong object): they may trigger another pass. */
  release(events: readonly DeliveredEvent[]): void {
    const oldestKept = this.#events[this.#head]?.position ?? this.#nextPosition;
    for (const event of events as readonly HeldEvent[]) {
      if (!event.consumed) continue;
      event.consumed = false;
      if (event.initial || event.position < oldestKept) continue;
      this.#waiting.splice(positionIndex(this.#waiting, event.position), 0, event);
    }
  }

  size(): DeliveredEventsSize {
    return { events: this.#events.length - this.#head, objects: this.#byKey.size, owners: this.#byOwner.size, waiting: this.#waiting.length };
  }

  clear(): void {
    this.#events = [];
    this.#head = 0;
    this.#outOfOrder = 0;
    this.#byKey.clear();
    this.#byOwner.clear();
    this.#waiting.length = 0;
  }

  #evict(event: HeldEvent): void {
    evictOldest(this.#byKey, event.key, event);
    if (event.ownerKey !== undefined) evictOldest(this.#byOwner, event.ownerKey, event);
    if (this.#waiting[0] === event) this.#waiting.shift();
    if (event.outOfOrder) this.#outOfOrder--;
  }

  /**
   * The position after which a time window begins: that of the newest event received before
   * `time` (at `time` too, when `inclusive`), or -1. Events after it are in the window.
   */
  #cut(time: number, inclusive: boolean): number {
    const before = (e: HeldEvent) => (inclusive ? e.time <= time : e.time < time);
    const events = this.#events;
    if (this.#outOfOrder > 0) {
      for (let i = events.length - 1; i >= this.#head; i--) if (before(events[i]!)) return events[i]!.position;
      return -1;
    }
    let low = this.#head;
    let high = events.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (before(events[middle]!)) low = middle + 1;
      else high = middle;
    }
    return low > this.#head ? events[low - 1]!.position : -1;
  }

  /** `list`'s events after position `after` that `keep` accepts, newest first (at most `limit`). */
  #newestFirst(list: readonly HeldEvent[], after: number, keep: (e: HeldEvent) => boolean, limit = Infinity): HeldEvent[] {
    const found: HeldEvent[] = [];
    for (let i = list.length - 1; i >= 0 && found.length < limit; i--) {
      const e = list[i]!;
      if (e.position <= after) break;
      if (keep(e)) found.push(e);
    }
    return found;
  }
}

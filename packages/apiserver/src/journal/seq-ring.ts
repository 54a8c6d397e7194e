/**
 * The journal's memory: the newest `capacity` records by `seq`, and live subscribers.
 *
 * Promises:
 * - Records go in with strictly increasing `seq` (gaps allowed) and come out in that order.
 * - A subscriber asking for records the ring no longer holds is told so first (`resync` with
 *   the oldest `seq` still held), then gets everything from there: never a silent gap.
 * - A subscriber that throws is dropped; the others and the writer never see its error.
 *
 * Misuse: listeners run inside `push`, on the request path; they must only buffer.
 */
export type RingDelivery<R> = { readonly resync: true; readonly oldestSeq: number } | { readonly resync: false; readonly record: R };

export type RingListener<R> = (delivery: RingDelivery<R>) => void;

export class SeqRing<R extends { seq: number }> {
  readonly capacity: number;
  readonly #slots: (R | undefined)[];
  readonly #listeners = new Set<RingListener<R>>();
  #lastSeq: number;
  #held = 0;

  /** `lastSeq`: the seq the journal continues after (a file's last, or 0). */
  constructor(capacity: number, lastSeq = 0) {
    this.capacity = Math.max(1, capacity);
    this.#slots = new Array<R | undefined>(this.capacity);
    this.#lastSeq = lastSeq;
  }

  get lastSeq(): number {
    return this.#lastSeq;
  }

  /** The oldest seq still held; `lastSeq + 1` when the ring is empty. */
  get oldestSeq(): number {
    return this.#lastSeq + 1 - this.#held;
  }

  push(record: R): void {
    const gap = record.seq - this.#lastSeq;
    if (gap <= 0) throw new Error(`journal seq ${record.seq} is not after ${this.#lastSeq}`);
    this.#slots[record.seq % this.capacity] = record;
    this.#held = Math.min(this.capacity, this.#held + gap);
    this.#lastSeq = record.seq;
    for (const listener of this.#listeners) this.#tell(listener, { resync: false, record });
  }

  /** Held records from `fromSeq` on (inclusive), at most `limit`. */
  *from(fromSeq: number, limit = Infinity): Generator<R> {
    let count = 0;
    for (let seq = Math.max(fromSeq, this.oldestSeq); seq <= this.#lastSeq && count < limit; seq++) {
      const record = this.#slots[seq % this.capacity];
      if (record?.seq !== seq) continue;
      count++;
      yield record;
    }
  }

  /** Were records at or after `fromSeq` assigned and then dropped? */
  missed(fromSeq: number): boolean {
    return Math.max(fromSeq, 1) < this.oldestSeq;
  }

  /** Replays from `fromSeq` (after a `resync` when those are gone), then streams; returns the unsubscribe. */
  subscribe(fromSeq: number, listener: RingListener<R>): () => void {
    const alive = { ok: true };
    const tell = (delivery: RingDelivery<R>) => alive.ok && (alive.ok = this.#tell(listener, delivery));
    if (this.missed(fromSeq)) tell({ resync: true, oldestSeq: this.oldestSeq });
    for (const record of this.from(fromSeq)) tell({ resync: false, record });
    if (alive.ok) this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #tell(listener: RingListener<R>, delivery: RingDelivery<R>): boolean {
    try {
      listener(delivery);
      return true;
    } catch {
      this.#listeners.delete(listener);
      return false;
    }
  }
}

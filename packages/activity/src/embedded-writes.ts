/**
 * The console's own controllers need no inference: the runtime records exactly which triggers
 * each reconcile merged and which writes it made. To run them through the hot-loop detector
 * too, each of their writes in the request journal (which knows the fields it changed) is
 * joined with the reconcile that made it (which knows the triggers), by the resourceVersion
 * the write returned — the server's global revision names exactly one write. The two halves
 * arrive on different streams in either order; the journal's half waits up to `waitMs` for the
 * reconcile's (which usually comes first: it is recorded in the console's own process).
 */
import type { ApiCallRecord, ReconcileStartRecord, Trigger } from '@dojo/console-protocol';

export interface JoinedWrite<W> {
  readonly write: W;
  /** The reconcile's triggers; undefined when unknown (the reconcile was not seen, or dropped some). */
  readonly triggers: readonly Trigger[] | undefined;
}

const writeVerbs = new Set(['create', 'update', 'patch', 'delete']);

class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly capacity: number) {
    super();
  }
  override set(key: K, value: V): this {
    super.set(key, value);
    if (this.size > this.capacity) this.delete(this.keys().next().value!);
    return this;
  }
}

export class EmbeddedWrites<W> {
  readonly #waitMs: number;
  readonly #triggers = new BoundedMap<string, readonly Trigger[] | undefined>(20_000);
  readonly #reconcileOf = new BoundedMap<string, string>(50_000);
  readonly #waiting = new Map<string, { write: W; since: number }>();

  constructor(waitMs = 5000) {
    this.#waitMs = waitMs;
  }

  reconcileStarted(record: ReconcileStartRecord): void {
    this.#triggers.set(record.reconcileId, record.droppedTriggers > 0 ? undefined : record.triggers);
  }

  /** A write a reconcile made; returns the journal's half if it was waiting. */
  apiCall(record: ApiCallRecord): JoinedWrite<W> | undefined {
    if (!record.reconcileId || !record.rvReturned || !writeVerbs.has(record.verb) || record.code >= 300) return undefined;
    this.#reconcileOf.set(record.rvReturned, record.reconcileId);
    const waiting = this.#waiting.get(record.rvReturned);
    if (!waiting) return undefined;
    this.#waiting.delete(record.rvReturned);
    return { write: waiting.write, triggers: this.#triggers.get(record.reconcileId) };
  }

  /** A write in the request journal; joined now if its reconcile is known, else it waits. */
  journaled(resourceVersion: string, write: W, time: number): JoinedWrite<W> | undefined {
    const reconcileId = this.#reconcileOf.get(resourceVersion);
    if (reconcileId === undefined) {
      this.#waiting.set(resourceVersion, { write, since: time });
      return undefined;
    }
    return { write, triggers: this.#triggers.get(reconcileId) };
  }

  /**
   * Forgets writes whose reconcile never showed up (its telemetry was dropped): with no triggers
   * known they can neither make nor break a loop, and observing them late would reorder history.
   */
  expire(now: number): void {
    for (const [rv, waiting] of this.#waiting) if (now - waiting.since >= this.#waitMs) this.#waiting.delete(rv);
  }
}

/**
 * The journal: every telemetry record, in order, in a bounded in-memory ring.
 * Promises:
 * - `seq` is global to the journal and strictly increasing; a client resumes a stream or a
 *   query from the last `seq` it saw.
 * - Nobody silently misses records: when a subscriber or query asks for records the ring has
 *   already dropped, it is told so explicitly (`resync`) with the oldest `seq` still held.
 * - Appending never throws because of a subscriber or a sink; their errors go to `onError`.
 *
 * Misuse: listeners run synchronously inside `append`; a slow listener slows every controller.
 * Buffer in the listener (a websocket send queue, say), never await in it.
 */
import type { TelemetryPage, TelemetryQuery } from '@dojo/console-protocol';
import { identityKey } from '@dojo/kube-api';
import { realClock, type Clock } from '../clock/clock.ts';
import type { JournalRecordInput, TelemetryRecord, TelemetryRecordType } from './records.ts';

/** What a subscriber receives: a record, or notice that records it asked for are gone. */
export type JournalDelivery = { readonly resync: true; readonly oldestSeq: number } | { readonly resync: false; readonly record: TelemetryRecord };

export type JournalListener = (delivery: JournalDelivery) => void;

/**
 * `GET /api/telemetry`'s filters, as the journal takes them: record types as a list, and a
 * default limit of 1000 (the route asks for its own).
 */
export interface JournalQuery extends Omit<TelemetryQuery, 'types'> {
  types?: readonly TelemetryRecordType[];
}

/** Does `record` pass the query's controller, object and type filters? */
export function matchesJournalQuery(record: TelemetryRecord, query: JournalQuery, types?: ReadonlySet<string>): boolean {
  if (query.controller !== undefined && record.controller !== query.controller) return false;
  if (query.objectKey !== undefined && record.key !== query.objectKey) return false;
  if (query.object !== undefined) {
    if (!record.object || identityKey(record.object) !== query.object) return false;
    if (query.uid !== undefined && record.object.uid !== undefined && record.object.uid !== query.uid) return false;
  }
  if (query.reconcile !== undefined && reconcileIdOf(record) !== query.reconcile) return false;
  if (query.from !== undefined && record.time < query.from) return false;
  if (query.to !== undefined && record.time >= query.to) return false;
  if (types && !types.has(record.type)) return false;
  return true;
}

/** The reconcile a record belongs to, if any. */
export function reconcileIdOf(record: TelemetryRecord): string | undefined {
  return 'reconcileId' in record ? record.reconcileId : undefined;
}

/** Where records go besides the ring, e.g. a `JournalFile`. */
export interface JournalSink {
  write(record: TelemetryRecord): void;
}

export interface JournalOptions {
  /** Records held in memory (default 10 000). */
  capacity?: number;
  clock?: Clock;
  sink?: JournalSink;
  /** The first `seq` to assign, e.g. `journalFile.lastSeq + 1` to continue a file's sequence. */
  firstSeq?: number;
  onError?: (error: unknown, source: 'listener' | 'sink') => void;
}

const defaultCapacity = 10_000;
const defaultQueryLimit = 1000;

function warn(error: unknown, source: 'listener' | 'sink'): void {
  process.emitWarning(`journal ${source} failed: ${error instanceof Error ? error.message : String(error)}`);
}

export class Journal {
  readonly capacity: number;
  readonly #clock: Clock;
  readonly #sink: JournalSink | undefined;
  readonly #onError: (error: unknown, source: 'listener' | 'sink') => void;
  // A record with seq s lives at s % capacity; reads check the seq, so gaps are harmless.
  readonly #ring: (TelemetryRecord | undefined)[];
  readonly #listeners = new Set<JournalListener>();
  #nextSeq: number;
  #held = 0;

  constructor(options: JournalOptions = {}) {
    this.capacity = Math.max(1, options.capacity ?? defaultCapacity);
    this.#clock = options.clock ?? realClock;
    this.#sink = options.sink;
    this.#onError = options.onError ?? warn;
    this.#ring = new Array<TelemetryRecord | undefined>(this.capacity);
    this.#nextSeq = Math.max(1, options.firstSeq ?? 1);
  }

  /**
   * A journal holding records read back from a file, keeping their `seq` and `time`, for
   * post-mortem queries. Records out of `seq` order are skipped.
   */
  static fromRecords(records: readonly TelemetryRecord[], options: Omit<JournalOptions, 'firstSeq'> = {}): Journal {
    const journal = new Journal({ capacity: Math.max(records.length, 1), ...options, firstSeq: records[0]?.seq ?? 1 });
    for (const record of records) if (record.seq >= journal.#nextSeq) journal.#store(record);
    return journal;
  }

  /** The last `seq` assigned, or `firstSeq - 1` before the first append. */
  get lastSeq(): number {
    return this.#nextSeq - 1;
  }

  /** The oldest `seq` still held (`lastSeq + 1` when the journal holds nothing). */
  get oldestSeq(): number {
    return this.#nextSeq - this.#held;
  }

  append<I extends JournalRecordInput>(input: I): Extract<TelemetryRecord, { type: I['type'] }> {
    // Stamped in place: copying every record cost ~10% of reconcile throughput (bench/reconcile).
    // Callers hand over a fresh object and must not reuse it.
    const record = input as unknown as TelemetryRecord;
    record.seq = this.#nextSeq;
    record.time = input.time ?? this.#clock.now();
    this.#store(record);
    if (this.#sink) {
      try {
        this.#sink.write(record);
      } catch (error) {
        this.#onError(error, 'sink');
      }
    }
    if (this.#listeners.size > 0) this.#deliver(this.#listeners, { resync: false, record });
    // The input's `type` picked the member; only the stamps were added.
    return record as Extract<TelemetryRecord, { type: I['type'] }>;
  }

  /**
   * Replays held records from `fromSeq` (inclusive; pass the last seen `seq` + 1 to resume, 0
   * for everything), then streams new ones. If records from `fromSeq` on were already dropped,
   * the first delivery is `{resync: true, oldestSeq}`. Returns the unsubscribe function.
   */
  subscribe(fromSeq: number, listener: JournalListener): () => void {
    const only = new Set([listener]);
    if (this.#missed(fromSeq)) this.#deliver(only, { resync: true, oldestSeq: this.oldestSeq });
    for (let seq = Math.max(fromSeq, this.oldestSeq); seq <= this.lastSeq && only.size > 0; seq++) {
      const record = this.#at(seq);
      if (record) this.#deliver(only, { resync: false, record });
    }
    if (only.size > 0) this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  query(query: JournalQuery = {}): TelemetryPage {
    const sinceSeq = query.sinceSeq ?? 0;
    const limit = query.limit ?? defaultQueryLimit;
    const types = query.types ? new Set<string>(query.types) : undefined;
    const records: TelemetryRecord[] = [];
    for (let seq = Math.max(sinceSeq + 1, this.oldestSeq); seq <= this.lastSeq && records.length < limit; seq++) {
      const record = this.#at(seq);
      if (record && matchesJournalQuery(record, query, types)) records.push(record);
    }
    return { records, resync: this.#missed(sinceSeq + 1), oldestSeq: this.oldestSeq, lastSeq: this.lastSeq };
  }

  #store(record: TelemetryRecord): void {
    this.#ring[record.seq % this.capacity] = record;
    this.#held = Math.min(this.capacity, this.#held + (record.seq - this.#nextSeq) + 1);
    this.#nextSeq = record.seq + 1;
  }

  #at(seq: number): TelemetryRecord | undefined {
    const record = this.#ring[seq % this.capacity];
    return record?.seq === seq ? record : undefined;
  }

  /** Were records with `seq >= fromSeq` assigned and then dropped (or never held here)? */
  #missed(fromSeq: number): boolean {
    return Math.max(fromSeq, 1) < this.oldestSeq;
  }

  #deliver(listeners: Set<JournalListener>, delivery: JournalDelivery): void {
    for (const listener of listeners) {
      try {
        listener(delivery);
      } catch (error) {
        // A listener that throws is dropped: it cannot be trusted to have seen this record.
        listeners.delete(listener);
        this.#onError(error, 'listener');
      }
    }
  }
}

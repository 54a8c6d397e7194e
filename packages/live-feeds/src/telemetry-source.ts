/**
 * Where the console reads telemetry from: the runtime journal's ring (recent records, in
 * memory) in front of the history store's telemetry stream (everything retention kept, on
 * disk). Readers get one sequence: a query or a subscription from a seq the ring has dropped
 * is answered from disk, and `resync` is said only when retention evicted what was asked for.
 * What comes from disk is checked (readable-telemetry.ts): a record of the wrong shape is skipped and counted.
 */
import type { StreamCoverage, TelemetryPage, TelemetryRecord } from '@dojo/console-protocol';
import type { HistoryStream } from '@dojo/history';
import { matchesJournalQuery, type Journal, type JournalListener, type JournalQuery } from '@dojo/runtime';
import { UnreadableTelemetry } from './readable-telemetry.ts';

export interface TelemetrySource {
  query(query: JournalQuery): TelemetryPage;
  /** Replays from `fromSeq` (inclusive), then streams new records; returns the unsubscribe function. */
  subscribe(fromSeq: number, listener: JournalListener): () => void;
  readonly lastSeq: number;
  readonly oldestSeq: number;
}

/** A console without history on disk: the ring is all there is. */
export function ringOnly(journal: Journal): TelemetrySource {
  return {
    query: (query) => journal.query(query),
    subscribe: (fromSeq, listener) => journal.subscribe(fromSeq, listener),
    get lastSeq() {
      return journal.lastSeq;
    },
    get oldestSeq() {
      return journal.oldestSeq;
    },
  };
}

/** Records read from disk per step of a replay. */
const replayPage = 5000;

export class TelemetryHistory implements TelemetrySource {
  readonly #journal: Journal;
  readonly #stream: HistoryStream<TelemetryRecord>;
  readonly #unreadable = new UnreadableTelemetry();

  /** The journal must continue the stream's sequence (`firstSeq: stream.lastSeq + 1`) and write to it (its sink). */
  constructor(journal: Journal, stream: HistoryStream<TelemetryRecord>) {
    this.#journal = journal;
    this.#stream = stream;
  }

  get lastSeq(): number {
    return this.#journal.lastSeq;
  }

  get oldestSeq(): number {
    return Math.min(this.#stream.coverage().oldestSeq, this.#journal.oldestSeq);
  }

  coverage(): StreamCoverage {
    return this.#stream.coverage();
  }

  /** Records read from disk that were skipped as unreadable (an earlier version stored them unchecked). */
  get unreadable(): number {
    return this.#unreadable.skipped;
  }

  /** The stored records of `query` that every reader can read; for what the console rebuilds at start. */
  stored(query: Parameters<HistoryStream<TelemetryRecord>['query']>[0]): TelemetryRecord[] {
    return this.#unreadable.keep(this.#stream.query(query));
  }

  query(query: JournalQuery): TelemetryPage {
    const sinceSeq = query.sinceSeq ?? 0;
    const coverage = this.#stream.coverage();
    const oldestSeq = Math.min(coverage.oldestSeq, this.#journal.oldestSeq);
    const page = { resync: Math.max(sinceSeq + 1, 1) < oldestSeq, oldestSeq, lastSeq: this.#journal.lastSeq, coverage };
    // The ring answers recent, unindexed questions; anything older or about one object or reconcile goes to disk.
    const indexed = query.object !== undefined || query.reconcile !== undefined || query.from !== undefined;
    if (sinceSeq + 1 >= this.#journal.oldestSeq && !indexed) return { ...this.#journal.query(query), ...page };
    const limit = query.limit ?? 1000;
    const where: Record<string, string> = {};
    if (query.controller !== undefined) where.controller = query.controller;
    if (query.object !== undefined) where.object = query.object;
    if (query.objectKey !== undefined) where.key = query.objectKey;
    if (query.reconcile !== undefined) where.reconcile = query.reconcile;
    const rows = this.stored({
      sinceSeq,
      limit,
      where,
      ...(query.types ? { types: query.types } : {}),
      ...(query.from === undefined ? {} : { from: query.from }),
      ...(query.to === undefined ? {} : { to: query.to }),
    });
    // A uid narrows to one incarnation, but records that name none still belong to it.
    return { ...page, records: rows.filter((r) => matchesJournalQuery(r, query)) };
  }

  subscribe(fromSeq: number, listener: JournalListener): () => void {
    const ringStart = this.#journal.oldestSeq;
    if (fromSeq >= ringStart) return this.#journal.subscribe(fromSeq, listener);
    const oldestHeld = this.#stream.coverage().oldestSeq;
    if (Math.max(fromSeq, 1) < oldestHeld) listener({ resync: true, oldestSeq: Math.min(oldestHeld, ringStart) });
    let next = Math.max(fromSeq, oldestHeld);
    while (next < ringStart) {
      const page = this.#stream.query({ sinceSeq: next - 1, untilSeq: ringStart - 1, limit: replayPage });
      if (page.length === 0) break;
      for (const record of this.#unreadable.keep(page)) listener({ resync: false, record });
      next = page[page.length - 1]!.seq + 1;
    }
    return this.#journal.subscribe(ringStart, listener);
  }
}

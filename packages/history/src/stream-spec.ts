/**
 * What the store needs to know about one stream of records: its name, how to read each
 * record's sequence number, time and type, and which fields are indexed for queries. A new
 * stream (the API server's request journal, say) is one more spec handed to
 * `HistoryStore.stream(spec)`; the store gives it a table, retention and coverage.
 */
export type ColumnValue = string | number | undefined;

export interface StreamSpec<R> {
  /** Lower-case letters, digits and dashes: it names the stream's table. */
  readonly name: string;
  /** Strictly increasing within the stream; records that come back out carry it. */
  seqOf(record: R): number;
  /** Epoch ms; retention by age and "complete since" use it. */
  timeOf(record: R): number;
  /** The record's type, counted when evicted ("reconcile-start" → reconciles evicted). */
  typeOf?(record: R): string | undefined;
  /**
   * The largest fraction (0–1] of the store's size limit this stream may hold. A chatty stream
   * (every delivered watch event) then evicts its own oldest records before it pushes out the
   * other streams' history; without it every stream competes, oldest first.
   */
  readonly maxShare?: number;
  /** Indexed fields a query can ask for by equality. */
  readonly columns: Readonly<Record<string, (record: R) => ColumnValue>>;
}

export interface StreamQuery {
  /** Records after this seq (exclusive). */
  readonly sinceSeq?: number;
  /** Records up to this seq (inclusive). */
  readonly untilSeq?: number;
  /** Records at or after this time (epoch ms). */
  readonly from?: number;
  /** Records before this time (epoch ms). */
  readonly to?: number;
  /** Indexed columns that must equal these values. */
  readonly where?: Readonly<Record<string, string | number>>;
  readonly types?: readonly string[];
  /** At most this many records (default 1000). */
  readonly limit?: number;
  /** Keep the newest `limit` records instead of the oldest; the answer is still oldest first. */
  readonly newest?: boolean;
}

/**
 * One stream of the history store: its table (created here, written by the store's write
 * thread), the records appended but not yet written (buffered, or in a batch the write thread
 * has not confirmed), and queries that see both — by seq, time, type and indexed columns.
 * Its coverage (records, bytes, evicted, complete since) is read from `stream_state`.
 *
 * A table made before the spec gained a column (or imported from a recording without it) gets
 * the column, filled from the stored records; indexes of a table that already holds records
 * are made when a query first needs them (stream-table.ts).
 */
import type Database from 'better-sqlite3';
import type { StreamCoverage } from '@dojo/console-protocol';
import type { ColumnValue, StreamQuery, StreamSpec } from './stream-spec.ts';
import { createStreamTable, ensureIndex, streamTable, tableColumns } from './stream-table.ts';

/** A record's place in its stream without its body: what a reader that keeps its own index needs. */
export interface RecordHeader {
  readonly seq: number;
  readonly time: number;
  readonly type: string | null;
  /** The stream's indexed columns (null when the record has no value for one). */
  readonly columns: Readonly<Record<string, ColumnValue | null>>;
}

/** A batch of rows for the write thread: `[seq, time, type, bytes, body, ...columns]` each. */
export interface WriteBatch {
  readonly name: string;
  readonly table: string;
  readonly columns: readonly string[];
  readonly rows: readonly (string | number | null)[][];
}

interface StateRow {
  started_at: number;
  complete_since: number;
  evicted: number;
  evicted_by_type: string;
  records: number;
  bytes: number;
  last_seq: number;
}

export class HistoryStream<R> {
  readonly name: string;
  /** The quoted table name, as the write thread uses it. */
  readonly table: string;
  /** The fraction of the store's size limit this stream may hold (StreamSpec.maxShare). */
  readonly maxShare: number | undefined;
  readonly #db: Database.Database;
  readonly #spec: StreamSpec<R>;
  readonly #columns: string[];
  readonly #readState: Database.Statement;
  readonly #indexed = new Set<string>();
  #buffer: R[] = [];
  /** Batches handed to the write thread and not yet confirmed, by batch id. */
  readonly #inFlight = new Map<number, R[]>();
  #lastSeq: number;
  readonly #onBuffered: () => void;

  /** `db` is the store's read connection; the table is created on it. `onBuffered` hears of every record buffered. */
  constructor(db: Database.Database, spec: StreamSpec<R>, now: number, onBuffered: () => void = () => {}) {
    this.#onBuffered = onBuffered;
    this.#columns = Object.keys(spec.columns);
    createStreamTable(db, spec.name, this.#columns);
    this.name = spec.name;
    this.#db = db;
    this.#spec = spec;
    this.table = streamTable(spec.name);
    this.maxShare = spec.maxShare;
    this.#addMissingColumns();
    // An empty table gets its indexes now, for free; a filled one when a query first needs each.
    if (db.prepare(`SELECT 1 FROM ${this.table} LIMIT 1`).get() === undefined) for (const c of ['time', ...this.#columns]) this.#index(c);
    db.prepare(
      "INSERT OR IGNORE INTO stream_state (name, started_at, complete_since, evicted, evicted_by_type, records, bytes, last_seq) VALUES (?, ?, ?, 0, '{}', 0, 0, 0)",
    ).run(spec.name, now, now);
    this.#readState = db.prepare('SELECT * FROM stream_state WHERE name = ?');
    this.#lastSeq = this.#state().last_seq;
  }

  /** The last seq appended (buffered or written). */
  get lastSeq(): number {
    return this.#lastSeq;
  }

  get pending(): number {
    return this.#buffer.length;
  }

  /** Buffers a record; the store writes it on its next flush. Records not after `lastSeq` are ignored. */
  append(record: R): void {
    const seq = this.#spec.seqOf(record);
    if (seq <= this.#lastSeq) return;
    this.#lastSeq = seq;
    this.#buffer.push(record);
    this.#onBuffered();
  }

  /** Hands the buffer to batch `id` as rows for the write thread (undefined when empty). */
  takeBuffered(id: number): WriteBatch | undefined {
    const records = this.#buffer;
    if (records.length === 0) return undefined;
    this.#buffer = [];
    this.#inFlight.set(id, records);
    const spec = this.#spec;
    const rows = records.map((record) => {
      const body = JSON.stringify(record);
      return [
        spec.seqOf(record),
        spec.timeOf(record),
        spec.typeOf?.(record) ?? null,
        body.length,
        body,
        ...this.#columns.map((c) => spec.columns[c]!(record) ?? null),
      ];
    });
    return { name: this.name, table: this.table, columns: this.#columns, rows };
  }

  /** The write thread wrote batch `id` (or gave up on it): its records are read from disk from now on. */
  settled(id: number): void {
    this.#inFlight.delete(id);
  }

  query(query: StreamQuery = {}): R[] {
    const { where, params } = this.#where(query);
    const limit = Math.max(0, Math.floor(query.limit ?? 1000));
    const sql = `SELECT body FROM ${this.table}${where} ORDER BY seq ${query.newest ? 'DESC' : 'ASC'} LIMIT ?`;
    const stored = (
      this.#db
        .prepare(sql)
        .pluck()
        .all(...params, limit) as string[]
    ).map((body) => JSON.parse(body) as R);
    if (query.newest) stored.reverse();
    // Records not yet on disk are all newer than those that are; a batch that landed meanwhile is in both.
    const onDisk = new Set(stored.map((r) => this.#spec.seqOf(r)));
    const unwritten = this.#unwritten().filter((r) => !onDisk.has(this.#spec.seqOf(r)) && this.#matches(r, query));
    const all = [...stored, ...unwritten];
    return query.newest ? all.slice(-limit) : all.slice(0, limit);
  }

  /** How many records match (`limit` and `newest` are ignored), without reading them. */
  count(query: StreamQuery = {}): number {
    const { where, params } = this.#where(query);
    const onDisk = this.#db
      .prepare(`SELECT seq FROM ${this.table}${where}`)
      .pluck()
      .all(...params) as number[];
    const seen = new Set(onDisk);
    return onDisk.length + this.#unwritten().filter((r) => !seen.has(this.#spec.seqOf(r)) && this.#matches(r, query)).length;
  }

  /** The matching records' seq, time, type and column values, oldest first, without their bodies. */
  headers(query: StreamQuery = {}): RecordHeader[] {
    const { where, params } = this.#where(query);
    const limit = Math.max(0, Math.floor(query.limit ?? 1000));
    const select = ['seq', 'time', 'type', ...this.#columns.map((c) => `"${c}"`)].join(', ');
    const rows = this.#db
      .prepare(`SELECT ${select} FROM ${this.table}${where} ORDER BY seq ${query.newest ? 'DESC' : 'ASC'} LIMIT ?`)
      .raw()
      .all(...params, limit) as (string | number | null)[][];
    const stored: RecordHeader[] = rows.map((row) => ({
      seq: row[0] as number,
      time: row[1] as number,
      type: row[2] as string | null,
      columns: Object.fromEntries(this.#columns.map((c, i) => [c, row[3 + i] ?? null])),
    }));
    if (query.newest) stored.reverse();
    const onDisk = new Set(stored.map((h) => h.seq));
    const spec = this.#spec;
    const unwritten = this.#unwritten()
      .filter((r) => !onDisk.has(spec.seqOf(r)) && this.#matches(r, query))
      .map((r) => ({
        seq: spec.seqOf(r),
        time: spec.timeOf(r),
        type: spec.typeOf?.(r) ?? null,
        columns: Object.fromEntries(this.#columns.map((c) => [c, spec.columns[c]!(r) ?? null])),
      }));
    const all = [...stored, ...unwritten];
    return query.newest ? all.slice(-limit) : all.slice(0, limit);
  }

  coverage(): StreamCoverage {
    const s = this.#state();
    const unwritten = this.#unwritten();
    const oldestOnDisk = this.#db.prepare(`SELECT min(seq) FROM ${this.table}`).pluck().get() as number | null;
    const firstUnwritten = unwritten[0] ? this.#spec.seqOf(unwritten[0]) : undefined;
    return {
      stream: this.name,
      completeSince: s.complete_since,
      evicted: s.evicted,
      evictedByType: JSON.parse(s.evicted_by_type) as Record<string, number>,
      records: s.records + unwritten.length,
      bytes: s.bytes,
      oldestSeq: oldestOnDisk ?? firstUnwritten ?? this.#lastSeq + 1,
      lastSeq: this.#lastSeq,
    };
  }

  #where(query: StreamQuery): { where: string; params: (string | number)[] } {
    const where: string[] = [];
    const params: (string | number)[] = [];
    const add = (condition: string, value: string | number | undefined): void => {
      if (value === undefined) return;
      where.push(condition);
      params.push(value);
    };
    add('seq > ?', query.sinceSeq);
    add('seq <= ?', query.untilSeq);
    add('time >= ?', query.from);
    add('time < ?', query.to);
    if (query.from !== undefined || query.to !== undefined) this.#index('time');
    for (const [column, value] of Object.entries(query.where ?? {})) {
      if (!this.#columns.includes(column)) throw new Error(`history stream ${this.name} has no column "${column}"`);
      this.#index(column);
      add(`"${column}" = ?`, value);
    }
    if (query.types?.length) {
      where.push(`type IN (${query.types.map(() => '?').join(', ')})`);
      params.push(...query.types);
    }
    return { where: where.length ? ` WHERE ${where.join(' AND ')}` : '', params };
  }

  #index(column: string): void {
    if (this.#indexed.has(column)) return;
    ensureIndex(this.#db, this.name, column);
    this.#indexed.add(column);
  }

  /** Columns the spec has and the table lacks: added, and filled from the stored records. */
  #addMissingColumns(): void {
    const have = new Set(tableColumns(this.#db, this.name));
    const missing = this.#columns.filter((c) => !have.has(c));
    if (missing.length === 0) return;
    for (const c of missing) this.#db.exec(`ALTER TABLE ${this.table} ADD COLUMN "${c}"`);
    const update = this.#db.prepare(`UPDATE ${this.table} SET ${missing.map((c) => `"${c}" = ?`).join(', ')} WHERE seq = ?`);
    const fill = this.#db.transaction((rows: { seq: number; body: string }[]) => {
      for (const { seq, body } of rows) {
        const record = JSON.parse(body) as R;
        update.run(...missing.map((c) => this.#spec.columns[c]!(record) ?? null), seq);
      }
    });
    fill(this.#db.prepare(`SELECT seq, body FROM ${this.table}`).all() as { seq: number; body: string }[]);
  }

  #state(): StateRow {
    return this.#readState.get(this.name) as StateRow;
  }

  #unwritten(): R[] {
    return [...[...this.#inFlight.values()].flat(), ...this.#buffer];
  }

  #matches(record: R, query: StreamQuery): boolean {
    const spec = this.#spec;
    const seq = spec.seqOf(record);
    const time = spec.timeOf(record);
    if (query.sinceSeq !== undefined && seq <= query.sinceSeq) return false;
    if (query.untilSeq !== undefined && seq > query.untilSeq) return false;
    if (query.from !== undefined && time < query.from) return false;
    if (query.to !== undefined && time >= query.to) return false;
    for (const [column, value] of Object.entries(query.where ?? {})) if (spec.columns[column]!(record) !== value) return false;
    if (query.types?.length && !query.types.includes(spec.typeOf?.(record) ?? '')) return false;
    return true;
  }
}

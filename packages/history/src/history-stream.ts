/**
 * One stream of the history store: its table (created here, written by the store's write
 * thread), the records appended but not yet written (buffered, or in a batch the write thread
 * has not confirmed), and queries that see both — by seq, time, type and indexed columns.
 * Its coverage (records, bytes, evicted, complete since) is read from `stream_state`.
 */
import type Database from 'better-sqlite3';
import type { StreamCoverage } from '@dojo/console-protocol';
import type { StreamQuery, StreamSpec } from './stream-spec.ts';

const columnName = /^[a-z][a-zA-Z0-9]*$/;
const streamName = /^[a-z][a-z0-9-]*$/;

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
  readonly #db: Database.Database;
  readonly #spec: StreamSpec<R>;
  readonly #columns: string[];
  readonly #readState: Database.Statement;
  #buffer: R[] = [];
  /** Batches handed to the write thread and not yet confirmed, by batch id. */
  readonly #inFlight = new Map<number, R[]>();
  #lastSeq: number;

  /** `db` is the store's read connection; the table is created on it. */
  constructor(db: Database.Database, spec: StreamSpec<R>, now: number) {
    if (!streamName.test(spec.name)) throw new Error(`invalid history stream name "${spec.name}"`);
    this.#columns = Object.keys(spec.columns);
    for (const c of this.#columns) if (!columnName.test(c)) throw new Error(`invalid column "${c}" in history stream ${spec.name}`);
    this.name = spec.name;
    this.#db = db;
    this.#spec = spec;
    this.table = `"stream_${spec.name.replaceAll('-', '_')}"`;
    const bare = this.table.slice(1, -1);
    const extra = this.#columns.map((c) => `, "${c}"`).join('');
    db.exec(`CREATE TABLE IF NOT EXISTS ${this.table} (seq INTEGER PRIMARY KEY, time INTEGER NOT NULL, type TEXT, bytes INTEGER NOT NULL, body TEXT NOT NULL${extra})`);
    db.exec(`CREATE INDEX IF NOT EXISTS "${bare}_time" ON ${this.table} (time)`);
    for (const c of this.#columns) db.exec(`CREATE INDEX IF NOT EXISTS "${bare}_${c}" ON ${this.table} ("${c}", seq)`);
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
      return [spec.seqOf(record), spec.timeOf(record), spec.typeOf?.(record) ?? null, body.length, body, ...this.#columns.map((c) => spec.columns[c]!(record) ?? null)];
    });
    return { name: this.name, table: this.table, columns: this.#columns, rows };
  }

  /** The write thread wrote batch `id` (or gave up on it): its records are read from disk from now on. */
  settled(id: number): void {
    this.#inFlight.delete(id);
  }

  query(query: StreamQuery = {}): R[] {
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
    for (const [column, value] of Object.entries(query.where ?? {})) {
      if (!this.#columns.includes(column)) throw new Error(`history stream ${this.name} has no column "${column}"`);
      add(`"${column}" = ?`, value);
    }
    if (query.types?.length) {
      where.push(`type IN (${query.types.map(() => '?').join(', ')})`);
      params.push(...query.types);
    }
    const limit = Math.max(0, Math.floor(query.limit ?? 1000));
    const sql = `SELECT body FROM ${this.table}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY seq ${query.newest ? 'DESC' : 'ASC'} LIMIT ?`;
    const stored = (this.#db.prepare(sql).pluck().all(...params, limit) as string[]).map((body) => JSON.parse(body) as R);
    if (query.newest) stored.reverse();
    // Records not yet on disk are all newer than those that are; a batch that landed meanwhile is in both.
    const onDisk = new Set(stored.map((r) => this.#spec.seqOf(r)));
    const unwritten = this.#unwritten().filter((r) => !onDisk.has(this.#spec.seqOf(r)) && this.#matches(r, query));
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

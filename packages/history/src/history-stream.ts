/**
 * One stream's table: records buffered on append and written by the store's flush in one
 * transaction, queried by seq, time, type and indexed columns, evicted oldest first. Its
 * coverage (records, bytes, evicted, complete since) is kept in `stream_state`.
 */
import type Database from 'better-sqlite3';
import type { StreamCoverage } from '@dojo/console-protocol';
import type { StreamQuery, StreamSpec } from './stream-spec.ts';

const columnName = /^[a-z][a-zA-Z0-9]*$/;
const streamName = /^[a-z][a-z0-9-]*$/;

interface State {
  startedAt: number;
  completeSince: number;
  evicted: number;
  evictedByType: Record<string, number>;
  records: number;
  bytes: number;
  lastSeq: number;
}

/** What one eviction removed. */
export interface Evicted {
  readonly records: number;
  readonly bytes: number;
}

export class HistoryStream<R> {
  readonly name: string;
  readonly #db: Database.Database;
  readonly #spec: StreamSpec<R>;
  readonly #table: string;
  readonly #columns: string[];
  readonly #insert: Database.Statement;
  readonly #saveState: Database.Statement;
  readonly #flush: () => void;
  #buffer: R[] = [];
  #state: State;

  /** `flush` writes every stream's buffer (the store's); queries call it first. */
  constructor(db: Database.Database, spec: StreamSpec<R>, now: number, flush: () => void) {
    this.#flush = flush;
    if (!streamName.test(spec.name)) throw new Error(`invalid history stream name "${spec.name}"`);
    this.#columns = Object.keys(spec.columns);
    for (const c of this.#columns) if (!columnName.test(c)) throw new Error(`invalid column "${c}" in history stream ${spec.name}`);
    this.name = spec.name;
    this.#db = db;
    this.#spec = spec;
    this.#table = `"stream_${spec.name.replaceAll('-', '_')}"`;
    const extra = this.#columns.map((c) => `, "${c}"`).join('');
    db.exec(`CREATE TABLE IF NOT EXISTS ${this.#table} (seq INTEGER PRIMARY KEY, time INTEGER NOT NULL, type TEXT, bytes INTEGER NOT NULL, body TEXT NOT NULL${extra})`);
    db.exec(`CREATE INDEX IF NOT EXISTS "${this.#table.slice(1, -1)}_time" ON ${this.#table} (time)`);
    for (const c of this.#columns) db.exec(`CREATE INDEX IF NOT EXISTS "${this.#table.slice(1, -1)}_${c}" ON ${this.#table} ("${c}", seq)`);
    this.#insert = db.prepare(
      `INSERT OR IGNORE INTO ${this.#table} (seq, time, type, bytes, body${extra}) VALUES (?, ?, ?, ?, ?${this.#columns.map(() => ', ?').join('')})`,
    );
    this.#saveState = db.prepare(
      'INSERT OR REPLACE INTO stream_state (name, started_at, complete_since, evicted, evicted_by_type, records, bytes, last_seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const row = db.prepare('SELECT * FROM stream_state WHERE name = ?').get(spec.name) as Record<string, number | string> | undefined;
    this.#state = row
      ? {
          startedAt: Number(row.started_at),
          completeSince: Number(row.complete_since),
          evicted: Number(row.evicted),
          evictedByType: JSON.parse(String(row.evicted_by_type)) as Record<string, number>,
          records: Number(row.records),
          bytes: Number(row.bytes),
          lastSeq: Number(row.last_seq),
        }
      : { startedAt: now, completeSince: now, evicted: 0, evictedByType: {}, records: 0, bytes: 0, lastSeq: 0 };
    if (!row) this.#persist();
  }

  /** The last seq appended (buffered or written). */
  get lastSeq(): number {
    return this.#state.lastSeq;
  }

  get pending(): number {
    return this.#buffer.length;
  }

  get bytes(): number {
    return this.#state.bytes;
  }

  /** Buffers a record; the store writes it on its next flush. Records not after `lastSeq` are ignored. */
  append(record: R): void {
    const seq = this.#spec.seqOf(record);
    if (seq <= this.#state.lastSeq) return;
    this.#state.lastSeq = seq;
    this.#buffer.push(record);
  }

  /** Writes the buffer; the store calls it inside its transaction. */
  writeBuffered(): number {
    const batch = this.#buffer;
    if (batch.length === 0) return 0;
    this.#buffer = [];
    const spec = this.#spec;
    for (const record of batch) {
      const body = JSON.stringify(record);
      const values = this.#columns.map((c) => spec.columns[c]!(record) ?? null);
      const { changes } = this.#insert.run(spec.seqOf(record), spec.timeOf(record), spec.typeOf?.(record) ?? null, body.length, body, ...values);
      if (changes) {
        this.#state.records++;
        this.#state.bytes += body.length;
      }
    }
    this.#persist();
    return batch.length;
  }

  query(query: StreamQuery = {}): R[] {
    this.#flush();
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
    const sql = `SELECT body FROM ${this.#table}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY seq ${query.newest ? 'DESC' : 'ASC'} LIMIT ?`;
    const rows = this.#db.prepare(sql).pluck().all(...params, limit) as string[];
    if (query.newest) rows.reverse();
    return rows.map((body) => JSON.parse(body) as R);
  }

  /** The time of the oldest record held, or undefined when empty. */
  oldestTime(): number | undefined {
    const time = this.#db.prepare(`SELECT time FROM ${this.#table} ORDER BY seq LIMIT 1`).pluck().get() as number | undefined;
    return time ?? undefined;
  }

  /** Evicts every record older than `cutoff` (epoch ms). */
  evictBefore(cutoff: number): Evicted {
    return this.#evict('time < ?', cutoff);
  }

  /** Evicts the `count` oldest records. */
  evictOldest(count: number): Evicted {
    const last = this.#db.prepare(`SELECT seq FROM ${this.#table} ORDER BY seq LIMIT 1 OFFSET ?`).pluck().get(Math.max(0, count - 1)) as number | undefined;
    return last === undefined ? this.#evict('1 = 1', undefined) : this.#evict('seq <= ?', last);
  }

  coverage(): StreamCoverage {
    this.#flush();
    const oldestSeq = this.#db.prepare(`SELECT min(seq) FROM ${this.#table}`).pluck().get() as number | null;
    const s = this.#state;
    return {
      stream: this.name,
      completeSince: s.completeSince,
      evicted: s.evicted,
      evictedByType: { ...s.evictedByType },
      records: s.records + this.#buffer.length,
      bytes: s.bytes,
      oldestSeq: oldestSeq ?? (this.#buffer.length ? this.#spec.seqOf(this.#buffer[0]!) : s.lastSeq + 1),
      lastSeq: s.lastSeq,
    };
  }

  #evict(condition: string, param: number | undefined): Evicted {
    const args = param === undefined ? [] : [param];
    const byType = this.#db.prepare(`SELECT type, count(*) AS n, sum(bytes) AS b, max(time) AS t FROM ${this.#table} WHERE ${condition} GROUP BY type`).all(...args) as {
      type: string | null;
      n: number;
      b: number;
      t: number;
    }[];
    if (byType.length === 0) return { records: 0, bytes: 0 };
    this.#db.prepare(`DELETE FROM ${this.#table} WHERE ${condition}`).run(...args);
    let records = 0;
    let bytes = 0;
    const s = this.#state;
    for (const row of byType) {
      records += row.n;
      bytes += row.b;
      // Nothing at or before the newest evicted record's time can be vouched for any more.
      s.completeSince = Math.max(s.completeSince, row.t + 1);
      if (row.type) s.evictedByType[row.type] = (s.evictedByType[row.type] ?? 0) + row.n;
    }
    s.evicted += records;
    s.records = Math.max(0, s.records - records);
    s.bytes = Math.max(0, s.bytes - bytes);
    this.#persist();
    return { records, bytes };
  }

  #persist(): void {
    const s = this.#state;
    this.#saveState.run(this.name, s.startedAt, s.completeSince, s.evicted, JSON.stringify(s.evictedByType), s.records, s.bytes, s.lastSeq);
  }
}

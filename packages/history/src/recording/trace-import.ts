/**
 * Reads a `.dojotrace` into a new history store file, which a `HistoryStore` then opens like
 * any other: the same streams, columns, coverage and facts the console had, so everything that
 * reads history reads a recording the same way.
 *
 * Built for speed, since opening a recording waits for it: records go in as the file holds
 * them (never decoded and encoded again), in one transaction, without a rollback journal (the
 * file is new; a failed import removes it), and without secondary indexes, which the stream
 * makes when a query first needs one. The file is checked as it is read: a line of a stream
 * the header does not name, a seq twice, or fewer records than the header promises (a
 * truncated file) is a `TraceFormatError` naming the line.
 */
import { createReadStream, rmSync } from 'node:fs';
import { createGunzip } from 'node:zlib';
import Database from 'better-sqlite3';
import type { TraceHeader } from '@dojo/console-protocol';
import { createStreamTable, metaTableSql, stateTableSql, streamTable } from '../stream-table.ts';
import { parseHeaderLine, parseRecordLine, TraceFormatError } from './trace-format.ts';

interface Target {
  readonly stream: string;
  /** One row, and `rowsPerInsert` rows: fewer statements run is most of what a bulk insert saves. */
  readonly insertOne: Database.Statement;
  readonly insertMany: Database.Statement;
  readonly columns: readonly string[];
  /** Values of rows not inserted yet, row after row; with the line each came from. */
  pending: (string | number | null)[];
  pendingLines: number[];
  records: number;
  bytes: number;
  lastSeq: number;
}

const rowsPerInsert = 64;

/** Imports `file` into a new SQLite file at `dbPath` (replacing one there); resolves with the header. */
export async function importTrace(file: string, dbPath: string): Promise<TraceHeader> {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbPath}${suffix}`, { force: true });
  const db = new Database(dbPath);
  try {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -131072');
    db.exec(stateTableSql);
    db.exec(metaTableSql);
    const header = await readLines(file, db);
    db.pragma('journal_mode = WAL');
    db.close();
    return header;
  } catch (error) {
    if (db.open) db.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbPath}${suffix}`, { force: true });
    throw error;
  }
}

async function readLines(file: string, db: Database.Database): Promise<TraceHeader> {
  const gunzip = createReadStream(file, { highWaterMark: 1 << 20 }).pipe(createGunzip({ chunkSize: 1 << 20 }));
  gunzip.setEncoding('utf8');
  let header: TraceHeader | undefined;
  const targets = new Map<string, Target>();
  let lineNumber = 0;
  const take = (line: string): void => {
    lineNumber++;
    if (line === '') return;
    if (!header) {
      header = parseHeaderLine(line);
      begin(db, header, targets);
      return;
    }
    const record = parseRecordLine(line, lineNumber);
    const target = targets.get(record.stream);
    if (!target) throw new TraceFormatError(`line ${lineNumber}: stream "${record.stream}" is not in the header`);
    target.pending.push(record.seq, record.time, record.type, record.body.length, record.body);
    for (const c of target.columns) target.pending.push(record.index[c] ?? null);
    target.pendingLines.push(lineNumber);
    if (target.pendingLines.length === rowsPerInsert) insertPending(target, false);
    target.records++;
    target.bytes += record.body.length;
    if (record.seq > target.lastSeq) target.lastSeq = record.seq;
  };
  let rest = '';
  try {
    for await (const chunk of gunzip as AsyncIterable<string>) {
      const text = rest + chunk;
      let start = 0;
      for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
        take(text.slice(start, nl));
        start = nl + 1;
      }
      rest = text.slice(start);
    }
  } catch (error) {
    if (error instanceof TraceFormatError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') throw new TraceFormatError(`not a .dojotrace file, or a damaged one: ${(error as Error).message}`);
    throw error;
  }
  take(rest);
  if (!header) throw new TraceFormatError('not a .dojotrace file: it is empty');
  for (const target of targets.values()) insertPending(target, true);
  finish(db, header, targets);
  return header;
}

function begin(db: Database.Database, header: TraceHeader, targets: Map<string, Target>): void {
  db.exec('BEGIN');
  for (const s of header.streams) {
    if (targets.has(s.stream)) throw new TraceFormatError(`the header names stream ${s.stream} twice`);
    try {
      createStreamTable(db, s.stream, s.columns);
    } catch (error) {
      throw new TraceFormatError(`the header's stream ${JSON.stringify(s.stream)}: ${(error as Error).message}`);
    }
    const names = ['seq', 'time', 'type', 'bytes', 'body', ...s.columns.map((c) => `"${c}"`)];
    const row = `(${names.map(() => '?').join(', ')})`;
    const into = `INSERT INTO ${streamTable(s.stream)} (${names.join(', ')}) VALUES `;
    const insertOne = db.prepare(`${into}${row}`);
    const insertMany = db.prepare(`${into}${Array.from({ length: rowsPerInsert }, () => row).join(', ')}`);
    targets.set(s.stream, { stream: s.stream, insertOne, insertMany, columns: s.columns, pending: [], pendingLines: [], records: 0, bytes: 0, lastSeq: 0 });
  }
}

/** Inserts the pending rows: all at once when there are `rowsPerInsert`, else (`rest`, or to find a broken one) one by one. */
function insertPending(target: Target, rest: boolean): void {
  const width = 5 + target.columns.length;
  const rows = target.pendingLines.length;
  const duplicate = (error: unknown) => (error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  let inserted = false;
  if (!rest && rows === rowsPerInsert) {
    try {
      target.insertMany.run(target.pending);
      inserted = true;
    } catch (error) {
      // The statement failed whole: the rows go again one by one, to name the line.
      if (!duplicate(error)) throw error;
    }
  }
  for (let r = 0; !inserted && r < rows; r++) {
    try {
      target.insertOne.run(target.pending.slice(r * width, (r + 1) * width));
    } catch (error) {
      if (!duplicate(error)) throw error;
      throw new TraceFormatError(`line ${target.pendingLines[r]!}: seq ${target.pending[r * width] as number} of stream ${target.stream} appears twice`);
    }
  }
  target.pending = [];
  target.pendingLines = [];
}

function finish(db: Database.Database, header: TraceHeader, targets: Map<string, Target>): void {
  const state = db.prepare('INSERT INTO stream_state (name, started_at, complete_since, evicted, evicted_by_type, records, bytes, last_seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  for (const s of header.streams) {
    const target = targets.get(s.stream)!;
    if (target.records !== s.records) throw new TraceFormatError(`stream ${s.stream} has ${target.records} records where the header promises ${s.records}: the file is truncated or damaged`);
    state.run(s.stream, s.completeSince, s.completeSince, s.evicted, JSON.stringify(s.evictedByType ?? {}), target.records, target.bytes, target.lastSeq);
  }
  const meta = db.prepare('INSERT INTO store_meta (key, value) VALUES (?, ?)');
  const { meta: facts, ...recording } = header;
  for (const [key, value] of Object.entries(facts)) if (key !== 'source' && key !== 'recording') meta.run(key, JSON.stringify(value));
  meta.run('source', JSON.stringify(header.source));
  meta.run('recording', JSON.stringify(recording));
  db.exec('COMMIT');
}

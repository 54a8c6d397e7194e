/**
 * Reads a `.dojotrace` into a new history store file, which a `HistoryStore` then opens like
 * any other: the same streams, columns, coverage and facts the console had, so everything that
 * reads history reads a recording the same way.
 *
 * Built for speed, since opening a recording waits for it: records go in as the file holds
 * them (never decoded and encoded again), in one transaction, without a rollback journal (the
 * file is new; a failed import removes it), and without secondary indexes, which the stream
 * makes when a query first needs one. The file is checked as it is read: a line of a stream
 * the header does not name, a record that is not JSON, a seq twice, an empty line, or more or
 * fewer records than the header promises (a truncated file) is a `TraceFormatError` naming
 * the line.
 *
 * A file is untrusted input, so it is read within limits (`TraceLimits`, a `TraceLimitError`
 * past one): its size decompressed, a line's length, and its record count, which is checked
 * against the header's promise before a record is stored and record by record after. Lines
 * are split in linear time (trace-lines.ts), and the work is done a chunk of at most
 * `chunkBytes` at a time, yielding to the event loop between chunks, so a console that opens a
 * recording keeps answering its people.
 */
import { createReadStream, rmSync } from 'node:fs';
import { createGunzip } from 'node:zlib';
import Database from 'better-sqlite3';
import type { TraceHeader } from '@dojo/console-protocol';
import { createStreamTable, metaTableSql, stateTableSql, streamTable } from '../stream-table.ts';
import { parseHeaderLine, parseRecordLine, TraceFormatError, TraceLimitError } from './trace-format.ts';
import { TraceLineSplitter } from './trace-lines.ts';

/** What a console opens at most (docs/recordings.md); a larger file is refused, never half read. */
export interface TraceLimits {
  /** The file once decompressed (default 1 GiB). */
  readonly maxDecompressedBytes: number;
  /** One line (default 16 MiB). */
  readonly maxLineBytes: number;
  /** Records of all streams together (default 2,000,000). */
  readonly maxRecords: number;
}

export const defaultTraceLimits: TraceLimits = { maxDecompressedBytes: 1024 * 1024 * 1024, maxLineBytes: 16 * 1024 * 1024, maxRecords: 2_000_000 };

// Work between two turns of the event loop: a chunk's records are parsed and inserted at once.
const chunkBytes = 256 * 1024;

interface Target {
  readonly stream: string;
  /** One row, and `rowsPerInsert` rows: fewer statements run is most of what a bulk insert saves. */
  readonly insertOne: Database.Statement;
  readonly insertMany: Database.Statement;
  /** Whether one record's text, or `rowsPerInsert` records' texts, are JSON (SQLite's json_valid: RFC 8259, at most 1,000 deep). */
  readonly validOne: Database.Statement;
  readonly validMany: Database.Statement;
  readonly columns: readonly string[];
  /** Values of rows not inserted yet, row after row; with the line each came from. */
  pending: (string | number | null)[];
  pendingLines: number[];
  records: number;
  /** What the header says the stream has. */
  readonly promised: number;
  bytes: number;
  lastSeq: number;
}

const rowsPerInsert = 64;

/** Imports `file` into a new SQLite file at `dbPath` (replacing one there); resolves with the header. */
export async function importTrace(file: string, dbPath: string, limits: TraceLimits = defaultTraceLimits): Promise<TraceHeader> {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbPath}${suffix}`, { force: true });
  const db = new Database(dbPath);
  try {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -131072');
    db.exec(stateTableSql);
    db.exec(metaTableSql);
    const header = await readLines(file, db, limits);
    db.pragma('journal_mode = WAL');
    db.close();
    return header;
  } catch (error) {
    if (db.open) db.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbPath}${suffix}`, { force: true });
    throw error;
  }
}

async function readLines(file: string, db: Database.Database, limits: TraceLimits): Promise<TraceHeader> {
  const source = createReadStream(file, { highWaterMark: chunkBytes });
  const gunzip = source.pipe(createGunzip({ chunkSize: chunkBytes }));
  const lines = new TraceLineSplitter(limits);
  let header: TraceHeader | undefined;
  const targets = new Map<string, Target>();
  let emptyLine = 0;
  const take = (line: string, lineNumber: number): void => {
    // The writer never writes an empty line but the last: a run of them is a cheap bomb.
    if (emptyLine) throw new TraceFormatError(`line ${emptyLine} is empty`);
    if (line === '') {
      emptyLine = lineNumber;
      return;
    }
    if (!header) {
      header = parseHeaderLine(line);
      const promised = header.streams.reduce((sum, s) => sum + s.records, 0);
      if (promised > limits.maxRecords)
        throw new TraceLimitError(`the header promises ${promised} records, more than the ${limits.maxRecords} a console opens`);
      begin(db, header, targets);
      return;
    }
    const record = parseRecordLine(line, lineNumber);
    const target = targets.get(record.stream);
    if (!target) throw new TraceFormatError(`line ${lineNumber}: stream "${record.stream}" is not in the header`);
    if (target.records === target.promised)
      throw new TraceFormatError(`line ${lineNumber}: stream ${target.stream} has more records than the ${target.promised} its header promises`);
    target.pending.push(record.seq, record.time, record.type, record.body.length, record.body);
    for (const c of target.columns) target.pending.push(record.index[c] ?? null);
    target.pendingLines.push(lineNumber);
    if (target.pendingLines.length === rowsPerInsert) insertPending(target, false);
    target.records++;
    target.bytes += record.body.length;
    if (record.seq > target.lastSeq) target.lastSeq = record.seq;
  };
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      for (const line of lines.push(chunk)) take(line, lines.lineNumber);
      // A turn of the event loop between chunks, also when the file is read from the page cache.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } catch (error) {
    // Stopped early (a limit, a bad line): the file is closed now, not when it is collected.
    source.destroy();
    gunzip.destroy();
    if (error instanceof TraceFormatError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') throw new TraceFormatError(`not a .dojotrace file, or a damaged one: ${(error as Error).message}`);
    throw error;
  }
  const last = lines.end();
  if (last !== '') take(last, lines.lineNumber);
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
    const validOne = db.prepare('SELECT json_valid(?)').pluck();
    const validMany = db.prepare(`SELECT ${Array.from({ length: rowsPerInsert }, () => 'json_valid(?)').join(' AND ')}`).pluck();
    targets.set(s.stream, {
      stream: s.stream,
      insertOne,
      insertMany,
      validOne,
      validMany,
      columns: s.columns,
      pending: [],
      pendingLines: [],
      records: 0,
      promised: s.records,
      bytes: 0,
      lastSeq: 0,
    });
  }
}

/** Inserts the pending rows: all at once when there are `rowsPerInsert`, else (`rest`, or to find a broken one) one by one. */
function insertPending(target: Target, rest: boolean): void {
  const width = 5 + target.columns.length;
  const rows = target.pendingLines.length;
  const duplicate = (error: unknown) => (error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  // Kept as text, never parsed here (JSON.parse of every record was most of an import's time), but
  // everything that reads a record later parses it: a record that is not JSON is refused now.
  const bodies = Array.from({ length: rows }, (_, r) => target.pending[r * width + 4] as string);
  if (rows !== rowsPerInsert || target.validMany.get(bodies) !== 1) {
    const bad = bodies.findIndex((body) => target.validOne.get(body) !== 1);
    if (bad >= 0) throw new TraceFormatError(`line ${target.pendingLines[bad]!}: its record is not JSON`);
  }
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
  const state = db.prepare(
    'INSERT INTO stream_state (name, started_at, complete_since, evicted, evicted_by_type, records, bytes, last_seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (const s of header.streams) {
    const target = targets.get(s.stream)!;
    if (target.records !== s.records)
      throw new TraceFormatError(`stream ${s.stream} has ${target.records} records where the header promises ${s.records}: the file is truncated or damaged`);
    state.run(s.stream, s.completeSince, s.completeSince, s.evicted, JSON.stringify(s.evictedByType ?? {}), target.records, target.bytes, target.lastSeq);
  }
  const meta = db.prepare('INSERT INTO store_meta (key, value) VALUES (?, ?)');
  const { meta: facts, ...recording } = header;
  for (const [key, value] of Object.entries(facts)) if (key !== 'source' && key !== 'recording') meta.run(key, JSON.stringify(value));
  meta.run('source', JSON.stringify(header.source));
  meta.run('recording', JSON.stringify(recording));
  db.exec('COMMIT');
}

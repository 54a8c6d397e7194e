/**
 * Writes a `.dojotrace` from a history store's SQLite file: every stream it holds (whatever
 * their names: a stream added by another part of the console comes along unasked), the facts
 * kept beside them, in a time window or whole.
 *
 * Safe beside a console that is writing: the file is opened read-only and read in one
 * transaction, which in WAL mode is one consistent snapshot of every stream while the
 * console's write thread goes on. For a window, streams of object versions start with a
 * baseline: each object's latest version from before the window, unless it was deleted, so
 * the objects as they were when the window began are known.
 */
import type { Writable } from 'node:stream';
import { createGzip } from 'node:zlib';
import Database from 'better-sqlite3';
import type { TraceHeader, TraceSource, TraceStream } from '@dojo/console-protocol';
import { streamTable, tableColumns } from '../stream-table.ts';
import { recordLine, traceFormat, traceSchemaVersion, type IndexValues } from './trace-format.ts';

export interface TraceExportOptions {
  /** The history store's SQLite file (a running console's, or one that stopped). */
  readonly dbPath: string;
  /** Epoch ms; records from this time on (everything when absent). */
  readonly from?: number;
  /** Epoch ms; records up to this time (the moment of the export). */
  readonly to: number;
  /** "dojo-console 0.1.0". */
  readonly createdBy: string;
  /** Streams whose records are object versions (`ObjectVersionRecord`): a window starts them with a baseline. */
  readonly objectStreams: readonly string[];
  /** Cleans a record's JSON before it leaves (Secret values, credentials); called for every record. */
  readonly clean?: (body: string, stream: string) => string;
}

interface StateRow {
  name: string;
  complete_since: number;
  evicted: number;
  evicted_by_type: string;
}

interface Row {
  seq: number;
  time: number;
  type: string | null;
  body: string;
  [column: string]: string | number | null;
}

interface Plan {
  readonly header: TraceStream;
  readonly baselineSql?: string;
  readonly windowSql: string;
}

const unknownSource: TraceSource = { clusterMode: 'unknown', server: '', consoleVersion: '' };
const chunkBytes = 64 * 1024;

/** Streams the gzip'd file into `out`; resolves with its header once everything is written. */
export async function writeTrace(options: TraceExportOptions, out: Writable): Promise<TraceHeader> {
  const db = new Database(options.dbPath, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  const gzip = createGzip();
  const finished = new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    out.once('close', resolve);
    out.once('error', reject);
    gzip.once('error', reject);
  });
  gzip.pipe(out);
  let pending = '';
  const write = async (line: string): Promise<void> => {
    pending += `${line}\n`;
    if (pending.length < chunkBytes) return;
    const chunk = pending;
    pending = '';
    if (!gzip.write(chunk)) await new Promise((resolve) => gzip.once('drain', resolve));
  };
  try {
    db.exec('BEGIN');
    const { header, plans } = plan(db, options);
    await write(JSON.stringify(header));
    const clean = options.clean ?? ((body: string) => body);
    for (const p of plans) {
      const columns = p.header.columns;
      for (const sql of [p.baselineSql, p.windowSql]) {
        if (!sql) continue;
        for (const row of db.prepare(sql).iterate(windowParams(options, sql)) as IterableIterator<Row>) {
          const index: Record<string, string | number> = {};
          for (const c of columns) if (row[c] !== null && row[c] !== undefined) index[c] = row[c];
          await write(recordLine(p.header.stream, row.seq, row.time, row.type, index as IndexValues, clean(row.body, p.header.stream)));
        }
      }
    }
    db.exec('COMMIT');
    gzip.end(pending);
    await finished;
    return header;
  } catch (error) {
    gzip.destroy();
    throw error;
  } finally {
    db.close();
  }
}

/** The named parameters a plan's statement uses (`@from`, `@to`), bound by name. */
function windowParams(options: TraceExportOptions, sql: string): Record<string, number> {
  const params: Record<string, number> = {};
  if (sql.includes('@from')) params.from = options.from ?? 0;
  if (sql.includes('@to')) params.to = options.to;
  return params;
}

function plan(db: Database.Database, options: TraceExportOptions): { header: TraceHeader; plans: Plan[] } {
  const tables = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
  const states = (
    tables.has('stream_state') ? db.prepare('SELECT name, complete_since, evicted, evicted_by_type FROM stream_state ORDER BY name').all() : []
  ) as StateRow[];
  const meta = Object.fromEntries(
    (tables.has('store_meta') ? (db.prepare('SELECT key, value FROM store_meta ORDER BY key').all() as { key: string; value: string }[]) : []).map((m) => [
      m.key,
      JSON.parse(m.value) as unknown,
    ]),
  );
  const { source, recording: _recording, ...kept } = meta;
  const from = options.from;
  const inWindow = from === undefined ? 'time <= @to' : 'time >= @from AND time <= @to';
  const plans: Plan[] = [];
  for (const state of states) {
    const table = streamTable(state.name);
    if (!tables.has(table.slice(1, -1))) continue;
    const columns = tableColumns(db, state.name);
    const select = `SELECT seq, time, type, body${columns.map((c) => `, "${c}"`).join('')} FROM ${table}`;
    const windowSql = `${select} WHERE ${inWindow} ORDER BY seq`;
    const baselineSql =
      from !== undefined && options.objectStreams.includes(state.name) && columns.includes('object') && columns.includes('uid')
        ? `${select} WHERE seq IN (SELECT max(seq) FROM ${table} WHERE time < @from GROUP BY object, uid) AND type IS NOT 'deleted' ORDER BY seq`
        : undefined;
    const count = (sql: string) =>
      db.prepare(`SELECT count(*) AS n, min(seq) AS first, max(seq) AS last FROM (${sql})`).get(windowParams(options, sql)) as {
        n: number;
        first: number | null;
        last: number | null;
      };
    const inside = count(windowSql);
    const before = baselineSql ? count(baselineSql) : { n: 0, first: null, last: null };
    const seqs = [inside.first, inside.last, before.first, before.last].filter((s): s is number => s !== null);
    plans.push({
      header: {
        stream: state.name,
        columns,
        records: inside.n + before.n,
        baseline: before.n,
        firstSeq: seqs.length ? Math.min(...seqs) : 0,
        lastSeq: seqs.length ? Math.max(...seqs) : 0,
        completeSince: Math.max(state.complete_since, from ?? 0),
        evicted: state.evicted,
        evictedByType: JSON.parse(state.evicted_by_type) as Record<string, number>,
      },
      windowSql,
      ...(baselineSql ? { baselineSql } : {}),
    });
  }
  const header: TraceHeader = {
    format: traceFormat,
    schemaVersion: traceSchemaVersion,
    createdAt: new Date().toISOString(),
    createdBy: options.createdBy,
    source: isSource(source) ? source : unknownSource,
    window: { from: from ?? null, to: options.to },
    streams: plans.map((p) => p.header),
    meta: kept,
  };
  return { header, plans };
}

function isSource(value: unknown): value is TraceSource {
  const v = value as Partial<TraceSource> | undefined;
  return typeof v?.clusterMode === 'string' && typeof v.server === 'string' && typeof v.consoleVersion === 'string';
}

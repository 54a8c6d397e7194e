/**
 * The SQLite layout of one stream, in one place for everyone who creates or fills it (the
 * stream itself, and a recording's importer): table `stream_<name>` with seq (the primary key),
 * time, type, bytes, body (the record as JSON) and one column per indexed field; an index on
 * time and one on (column, seq) per column. The row of `stream_state` holds its coverage.
 *
 * Indexes are made with the table while it is empty (free); a table that is filled first (a
 * recording imported in bulk) gets each index the first time a query needs it, so opening a
 * large recording does not pay for indexes nobody asks for.
 */
import type Database from 'better-sqlite3';

const columnName = /^[a-z][a-zA-Z0-9]*$/;
const streamName = /^[a-z][a-z0-9-]*$/;

export const stateTableSql =
  'CREATE TABLE IF NOT EXISTS stream_state (name TEXT PRIMARY KEY, started_at INTEGER NOT NULL, complete_since INTEGER NOT NULL, evicted INTEGER NOT NULL, evicted_by_type TEXT NOT NULL, records INTEGER NOT NULL, bytes INTEGER NOT NULL, last_seq INTEGER NOT NULL)';

/** Facts about the session beside its streams (`HistoryStore.writeMeta`), JSON by key. */
export const metaTableSql = 'CREATE TABLE IF NOT EXISTS store_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)';

export function checkStreamName(name: string): void {
  if (!streamName.test(name)) throw new Error(`invalid history stream name "${name}"`);
}

export function checkColumnName(stream: string, column: string): void {
  if (!columnName.test(column)) throw new Error(`invalid column "${column}" in history stream ${stream}`);
}

/** The quoted table name of a stream. */
export function streamTable(name: string): string {
  return `"stream_${name.replaceAll('-', '_')}"`;
}

/** The stream's name back from its table's (unquoted) name, for readers that list the tables. */
export function streamOfTable(table: string): string | undefined {
  const match = /^stream_([a-z][a-z0-9_]*)$/.exec(table);
  return match ? match[1]!.replaceAll('_', '-') : undefined;
}

export function createStreamTable(db: Database.Database, name: string, columns: readonly string[]): void {
  checkStreamName(name);
  for (const c of columns) checkColumnName(name, c);
  const extra = columns.map((c) => `, "${c}"`).join('');
  db.exec(
    `CREATE TABLE IF NOT EXISTS ${streamTable(name)} (seq INTEGER PRIMARY KEY, time INTEGER NOT NULL, type TEXT, bytes INTEGER NOT NULL, body TEXT NOT NULL${extra})`,
  );
}

/** The indexed columns a stream's table has (beyond seq, time, type, bytes, body). */
export function tableColumns(db: Database.Database, name: string): string[] {
  const fixed = new Set(['seq', 'time', 'type', 'bytes', 'body']);
  return (db.prepare(`PRAGMA table_info(${streamTable(name)})`).all() as { name: string }[]).map((c) => c.name).filter((c) => !fixed.has(c));
}

const indexName = (name: string, column: string) => `"${streamTable(name).slice(1, -1)}_${column}"`;

/** Makes the index a query on `column` ("time" for time ranges) needs, if it is missing. */
export function ensureIndex(db: Database.Database, name: string, column: string): void {
  const on = column === 'time' ? '(time)' : `("${column}", seq)`;
  db.exec(`CREATE INDEX IF NOT EXISTS ${indexName(name, column)} ON ${streamTable(name)} ${on}`);
}

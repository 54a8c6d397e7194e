// The write thread of HistoryStore (plain JavaScript, so it loads in any runner without a
// TypeScript loader). It owns the write connection: each `write` message is one batch of rows
// for any streams, inserted in one transaction with the streams' counters; `retain` evicts by
// age and then by size and counts what went. Running here keeps SQLite's inserts, index upkeep
// and deletes off the console's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.path);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 5000');

const inserts = new Map();
function insertFor(table, columns) {
  const id = `${table}|${columns.join(',')}`;
  let statement = inserts.get(id);
  if (!statement) {
    const extra = columns.map((c) => `, "${c}"`).join('');
    statement = db.prepare(`INSERT OR IGNORE INTO ${table} (seq, time, type, bytes, body${extra}) VALUES (?, ?, ?, ?, ?${columns.map(() => ', ?').join('')})`);
    inserts.set(id, statement);
  }
  return statement;
}

const readState = db.prepare('SELECT * FROM stream_state WHERE name = ?');
const addWritten = db.prepare('UPDATE stream_state SET records = records + ?, bytes = bytes + ?, last_seq = max(last_seq, ?) WHERE name = ?');
const saveEvicted = db.prepare(
  'UPDATE stream_state SET records = max(0, records - ?), bytes = max(0, bytes - ?), evicted = evicted + ?, evicted_by_type = ?, complete_since = max(complete_since, ?) WHERE name = ?',
);

const write = db.transaction((streams) => {
  for (const stream of streams) {
    const insert = insertFor(stream.table, stream.columns);
    let records = 0;
    let bytes = 0;
    let last = 0;
    for (const row of stream.rows) {
      if (insert.run(...row).changes) {
        records++;
        bytes += row[3];
      }
      last = Math.max(last, row[0]);
    }
    addWritten.run(records, bytes, last, stream.name);
  }
});

function evict(stream, condition, args) {
  const groups = db.prepare(`SELECT type, count(*) AS n, sum(bytes) AS b, max(time) AS t FROM ${stream.table} WHERE ${condition} GROUP BY type`).all(...args);
  if (groups.length === 0) return { records: 0, bytes: 0 };
  db.prepare(`DELETE FROM ${stream.table} WHERE ${condition}`).run(...args);
  const state = readState.get(stream.name);
  const byType = JSON.parse(state.evicted_by_type);
  let records = 0;
  let bytes = 0;
  let newest = 0;
  for (const g of groups) {
    records += g.n;
    bytes += g.b;
    newest = Math.max(newest, g.t);
    if (g.type) byType[g.type] = (byType[g.type] ?? 0) + g.n;
  }
  // Nothing at or before the newest evicted record's time can be vouched for any more.
  saveEvicted.run(records, bytes, records, JSON.stringify(byType), newest + 1, stream.name);
  return { records, bytes };
}

const sizeEvictionBatch = 2000;

/** Evicts the stream's oldest batch of records. */
function evictOldest(stream) {
  const last = db
    .prepare(`SELECT seq FROM ${stream.table} ORDER BY seq LIMIT 1 OFFSET ?`)
    .pluck()
    .get(sizeEvictionBatch - 1);
  return last === undefined ? evict(stream, '1 = 1', []) : evict(stream, 'seq <= ?', [last]);
}

const retain = db.transaction(({ streams, cutoff, maxBytes }) => {
  let evicted = 0;
  for (const stream of streams) evicted += evict(stream, 'time < ?', [cutoff]).records;
  // A stream with a share of its own gives back what it holds beyond that share first.
  for (const stream of streams.filter((s) => s.maxShare !== undefined)) {
    let bytes = readState.get(stream.name).bytes;
    while (bytes > stream.maxShare * maxBytes) {
      const gone = evictOldest(stream);
      if (gone.records === 0) break;
      evicted += gone.records;
      bytes -= gone.bytes;
    }
  }
  let total = streams.reduce((sum, s) => sum + readState.get(s.name).bytes, 0);
  while (total > maxBytes) {
    let oldest;
    for (const stream of streams) {
      const time = db.prepare(`SELECT time FROM ${stream.table} ORDER BY seq LIMIT 1`).pluck().get();
      if (time !== undefined && (!oldest || time < oldest.time)) oldest = { stream, time };
    }
    if (!oldest) break;
    const gone = evictOldest(oldest.stream);
    if (gone.records === 0) break;
    evicted += gone.records;
    total -= gone.bytes;
  }
  return evicted;
});

parentPort.on('message', (message) => {
  try {
    if (message.type === 'write') {
      write(message.streams);
      parentPort.postMessage({ type: 'done', id: message.id });
    } else if (message.type === 'retain') {
      parentPort.postMessage({ type: 'done', id: message.id, evicted: retain(message) });
    } else if (message.type === 'close') {
      db.close();
      parentPort.postMessage({ type: 'done', id: message.id });
    }
  } catch (error) {
    parentPort.postMessage({ type: 'failed', id: message.id, error: String(error && error.message ? error.message : error) });
  }
});

// The commit thread of RevisionedStore (plain JavaScript so it loads in any runner without a
// TypeScript loader). It owns the write connection: each message is one batch, committed in
// one transaction (WAL + synchronous=FULL, so the WAL is fsynced before we answer). Running
// here keeps the event loop free while the disk syncs, and lets the next batch accumulate.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.path);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
const put = db.prepare('INSERT OR REPLACE INTO objects (bucket, name, rev, value) VALUES (?, ?, ?, ?)');
const del = db.prepare('DELETE FROM objects WHERE bucket = ? AND name = ?');
const setRevision = db.prepare("INSERT OR REPLACE INTO meta (name, value) VALUES ('revision', ?)");
const commit = db.transaction((writes, revision) => {
  for (const w of writes) {
    if (w.deleted) del.run(w.bucket, w.name);
    else put.run(w.bucket, w.name, w.rev, w.json);
  }
  setRevision.run(String(revision));
});

parentPort.on('message', (message) => {
  if (message.type === 'close') {
    db.close();
    parentPort.postMessage({ type: 'closed' });
    return;
  }
  try {
    commit(message.writes, message.revision);
    parentPort.postMessage({ type: 'committed', id: message.id });
  } catch (err) {
    parentPort.postMessage({ type: 'failed', id: message.id, error: String(err && err.message ? err.message : err) });
  }
});

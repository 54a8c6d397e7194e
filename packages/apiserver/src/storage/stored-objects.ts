/**
 * The objects of one bucket (`core/secrets`, `apps/deployments`: `<group or core>/<resource>`)
 * as the embedded API server last committed them, read from its SQLite file without the server:
 * read-only, safe beside a running server (WAL readers), and on the data directory of one that
 * stopped. For tools that work on a data directory, such as a recording's export, which must
 * know the Secrets' values to keep them out of the file.
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { KubeObject } from '@dojo/kube-api';

export function readStoredObjects(statePath: string, bucket: string): KubeObject[] {
  if (!existsSync(statePath)) return [];
  const db = new Database(statePath, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const values = db.prepare('SELECT value FROM objects WHERE bucket = ?').pluck().all(bucket) as string[];
    return values.map((v) => JSON.parse(v) as KubeObject);
  } finally {
    db.close();
  }
}

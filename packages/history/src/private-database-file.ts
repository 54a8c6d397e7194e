/**
 * The history database is its owner's alone (0600, as etcd's PrivateFileMode): it holds every
 * object version the console saw. SQLite gives its -wal and -shm files the database file's mode,
 * so the file is created 0600 before SQLite opens it, and narrowed when found wider.
 */
import { chmodSync, closeSync, existsSync, openSync, statSync } from 'node:fs';

const privateFileMode = 0o600;

export function privateDatabaseFile(path: string): string {
  if (path === ':memory:' || path === '') return path;
  closeSync(openSync(path, 'a', privateFileMode));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (existsSync(file) && (statSync(file).mode & 0o777) !== privateFileMode) chmodSync(file, privateFileMode);
  }
  return path;
}

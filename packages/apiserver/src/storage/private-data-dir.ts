/**
 * The data directory and its database files are the owner's alone: state.db holds every Secret
 * of the cluster, beside the admin token, the CA key and every client's token. etcd keeps its
 * data directory 0700 and its files 0600 (client/pkg/fileutil: PrivateDirMode,
 * PrivateFileMode; it warns about a directory with other bits), and so does the console, more
 * strictly:
 *
 * - A missing directory is created 0700.
 * - An empty directory of the console's user that others may read or write (a `mkdir` made for
 *   the console, a fresh volume) is tightened to 0700: nothing in it changes hands.
 * - Any other directory open to others (one that already holds files, or one of another user,
 *   which the console cannot change) is refused with the `chmod 700` that fixes it: its files
 *   may already have been read, and changing a directory someone else filled is theirs to do.
 * - SQLite database files are created 0600 (and made 0600 when found wider, with their -wal
 *   and -shm); SQLite gives the -wal and -shm files the database file's mode.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';

/** The data directory is open to other users and the console will not use it. */
export class DataDirPermissionError extends Error {}

const privateDirMode = 0o700;
const privateFileMode = 0o600;
const openToOthers = 0o077;

const octal = (mode: number): string => `0${(mode & 0o777).toString(8)}`;

/** What was done to make `dir` private; throws DataDirPermissionError when it cannot be used. */
export function ensurePrivateDataDir(dir: string): 'created' | 'tightened' | 'private' {
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true, mode: privateDirMode });
    return 'created';
  }
  const stat = statSync(dir);
  if (!stat.isDirectory()) throw new DataDirPermissionError(`data directory ${dir} is not a directory`);
  if ((stat.mode & openToOthers) === 0) return 'private';
  const ours = typeof process.getuid === 'function' && stat.uid === process.getuid();
  if (ours && readdirSync(dir).length === 0) {
    chmodSync(dir, privateDirMode);
    return 'tightened';
  }
  throw new DataDirPermissionError(
    `data directory ${dir} is open to other users (mode ${octal(stat.mode)}): it holds every Secret of the cluster and the console's credentials. ` +
      `Make it private with: chmod 700 ${dir}${ours ? '' : ' (as its owner)'} — or give another --data-dir (a new one is created 0700).`,
  );
}

/** Creates the SQLite database file `path` 0600 before SQLite opens it, or narrows it (and its -wal/-shm) to 0600. */
export function privateDatabaseFile(path: string): string {
  closeSync(openSync(path, 'a', privateFileMode));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (existsSync(file) && (statSync(file).mode & 0o777) !== privateFileMode) chmodSync(file, privateFileMode);
  }
  return path;
}

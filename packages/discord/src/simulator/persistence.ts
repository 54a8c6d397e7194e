import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { isStateSnapshot } from './state-snapshot.ts';
import type { StateSnapshot } from './state-snapshot.ts';

/** Reads the data file; a missing file means a fresh simulator, a malformed one is an error. */
export function loadSnapshot(file: string): StateSnapshot | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new Error(`Discord simulator data file ${file} is not valid JSON`, { cause: err });
  }
  if (!isStateSnapshot(parsed)) throw new Error(`Discord simulator data file ${file} is not a version 1 snapshot`);
  return parsed;
}

/**
 * Writes the whole snapshot to a temporary file beside the target and renames it over the
 * target. Rename is atomic on one filesystem, so a crash mid-write leaves the previous
 * snapshot intact rather than a truncated file.
 */
export function saveSnapshot(file: string, snapshot: StateSnapshot): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temp, JSON.stringify(snapshot));
    renameSync(temp, file);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}

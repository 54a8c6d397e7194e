/**
 * Exporting a session: `dojo-console export` (beside a running console, or on the data
 * directory of one that stopped) and the UI's Export button both write the history store of a
 * data directory through the same options: every stream, Secrets redacted, every value a
 * Secret has or had while the console watched scrubbed, credentials and the data directory's
 * path too.
 */
import { createWriteStream, existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TraceHeader } from '@dojo/console-protocol';
import { objectVersionStreams, writeTrace, type TraceExportOptions } from '@dojo/history';
import { consoleVersion } from '../console-version.ts';
import { credentialsIn, SecretValueLedger, storedSecretValues, traceCleaner } from '@dojo/recording';

export function historyFileOf(dataDir: string): string {
  return join(dataDir, 'history.db');
}

export interface ExportSource {
  /** The data directory: its credentials are scrubbed, its path too. */
  readonly dataDir: string;
  /** The store's file; `<dataDir>/history.db` by default (a recording console's is its import). */
  readonly dbPath?: string;
  /** More values that must not leave (the console's token, the Secrets a live console can list). */
  readonly secrets?: readonly string[];
}

/** The export options for a data directory's history, in the window `from`..`to` (epoch ms). */
export function exportOptions({ dataDir, dbPath, secrets: given = [] }: ExportSource, window: { from?: number; to: number }): TraceExportOptions {
  const secrets = [
    ...credentialsIn(dataDir),
    ...storedSecretValues(dataDir),
    ...given,
    ...[process.env.DOJO_CONSOLE_TOKEN, process.env.DISCORD_BOT_TOKEN].filter((s): s is string => Boolean(s)),
  ];
  return {
    dbPath: dbPath ?? historyFileOf(dataDir),
    ...(window.from === undefined ? {} : { from: window.from }),
    to: window.to,
    createdBy: `dojo-console ${consoleVersion()}`,
    objectStreams: objectVersionStreams.map((s) => s.name),
    // What Secrets held before (rotated, deleted) is known only as hashes: the ledger finds it.
    clean: traceCleaner(dataDir, secrets, SecretValueLedger.read(dataDir)),
  };
}

export class NoHistoryError extends Error {}

/** Writes `output` (complete or not at all: it is written beside and renamed). */
export async function exportRecordingFile(dataDir: string, output: string, window: { from?: number; to: number }): Promise<TraceHeader> {
  if (!existsSync(historyFileOf(dataDir)))
    throw new NoHistoryError(`no history in ${dataDir} (history.db not found): give the --data-dir of a console that ran`);
  const partial = `${output}.partial`;
  try {
    const header = await writeTrace(exportOptions({ dataDir }, window), createWriteStream(partial));
    renameSync(partial, output);
    return header;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * Recordings over HTTP:
 * - `GET /api/recording/export[?from=<ms>][&to=<ms>]`: this console's history as a
 *   `.dojotrace` download (everything, or the window), written as it is read;
 * - `POST /api/recordings[?name=<file name>]` with a `.dojotrace` as the body (what the UI's
 *   drag and drop sends): it is opened in a console of its own, whose login URL comes back.
 * A file that is not a recording is a 400 that says why (and on which line), never a 500; one
 * past a limit of what a console opens (its size compressed or decompressed, a line's length,
 * its record count: docs/recordings.md) is a 413 that names the limit.
 */
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Request, Router } from 'express';
import type { OpenedRecording } from '@dojo/console-protocol';
import { TraceFormatError, TraceLimitError, traceExtension, writeTrace, type HistoryStore } from '@dojo/history';
import { newBadRequest, newRequestEntityTooLarge } from '@dojo/kube-api';
import { exportOptions, type ExportSource } from '../recording/export-recording.ts';
import { endpointRouter } from './typed-routes.ts';

export interface RecordingRoutesDeps {
  /** The store exported (written out first, so the export has everything appended until now). */
  readonly history: HistoryStore;
  readonly source: ExportSource;
  /** Values to scrub found at the moment of the export (the Secrets the console can list now). */
  readonly secretsNow?: () => Promise<readonly string[]>;
  /** Opens an uploaded recording; without it, uploads are refused. */
  readonly open?: (file: string, name: string) => Promise<OpenedRecording>;
  /** Where uploads are kept while their consoles run. */
  readonly uploadDir: string;
  readonly now?: () => number;
}

// A console's whole history (--history-max-mb, 512 by default) compresses to well under this.
const maxUploadBytes = 256 * 1024 * 1024;

function instant(raw: unknown, name: string): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) throw newBadRequest(`${name} must be an instant in epoch milliseconds`);
  return Number(raw);
}

function fileName(at: number): string {
  return `dojo-${new Date(at)
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z')}${traceExtension}`;
}

async function saveUpload(req: Request, path: string): Promise<void> {
  let size = 0;
  const file = createWriteStream(path);
  await pipeline(
    req,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        size += chunk.length;
        if (size > maxUploadBytes) throw newRequestEntityTooLarge(`a recording larger than ${maxUploadBytes} bytes`);
        yield chunk;
      }
    },
    file,
  );
}

export function recordingRoutes(deps: RecordingRoutesDeps): Router {
  const api = endpointRouter('/api');
  const now = deps.now ?? Date.now;
  api.on('GET /api/recording/export', async (req, res) => {
    const to = instant(req.query.to, 'to') ?? now();
    const from = instant(req.query.from, 'from');
    if (from !== undefined && from > to) throw newBadRequest('from must not be after to');
    await deps.history.flush();
    const secrets = [...(deps.source.secrets ?? []), ...((await deps.secretsNow?.()) ?? [])];
    const options = exportOptions({ ...deps.source, dbPath: deps.history.path, secrets }, { ...(from === undefined ? {} : { from }), to });
    res.status(200).type('application/gzip').attachment(fileName(to));
    try {
      await writeTrace(options, res);
    } catch (error) {
      if (!res.headersSent) throw error;
      res.destroy(error as Error);
    }
  });
  api.on('POST /api/recordings', async (req, res) => {
    if (!deps.open) throw newBadRequest('this console does not open recordings');
    const name = typeof req.query.name === 'string' && req.query.name ? basename(req.query.name) : `uploaded${traceExtension}`;
    mkdirSync(deps.uploadDir, { recursive: true, mode: 0o700 });
    const path = join(deps.uploadDir, `${randomBytes(8).toString('hex')}${traceExtension}`);
    try {
      await saveUpload(req, path);
      // Opening imports the file: its console serves the import, and the upload can go.
      res.status(201).json(await deps.open(path, name));
    } catch (error) {
      if (error instanceof TraceLimitError) throw newRequestEntityTooLarge(`${name}: ${error.message}`);
      if (error instanceof TraceFormatError) throw newBadRequest(`${name}: ${error.message}`);
      throw error;
    } finally {
      rmSync(path, { force: true });
    }
  });
  return api.router;
}

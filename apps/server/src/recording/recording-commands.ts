/**
 * `dojo-console export` and `dojo-console open`, as a person runs them: what they print, and
 * the exit status 1 with one line on stderr when there is nothing to export or the file is
 * not a recording (docs/cli.md).
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TraceHeader } from '@dojo/console-protocol';
import { TraceFormatError } from '@dojo/history';
import type { ExportOptions, OpenOptions } from '../cli-args.ts';
import { exitCodes } from '../cli-usage.ts';
import { exportRecordingFile, NoHistoryError } from './export-recording.ts';
import { openRecording } from './open-recording.ts';

function refuse(command: string, message: string): never {
  process.stderr.write(`dojo-console ${command}: ${message}\n`);
  process.exit(exitCodes.failure);
}

const clock = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');

function streamLines(header: TraceHeader): string[] {
  return header.streams.map((s) => {
    const extra = [
      s.baseline ? `${s.baseline.toLocaleString('en-US')} from before the window` : '',
      s.evicted ? `${s.evicted.toLocaleString('en-US')} evicted by retention before` : '',
    ]
      .filter(Boolean)
      .join('; ');
    return `  ${`${s.stream}:`.padEnd(12)}${s.records.toLocaleString('en-US')} records, complete since ${clock(s.completeSince)}${extra ? ` (${extra})` : ''}`;
  });
}

export async function runExport(options: ExportOptions): Promise<void> {
  const to = Date.now();
  const window = { ...(options.sinceMs === undefined ? {} : { from: to - options.sinceMs }), to };
  let header: TraceHeader;
  try {
    header = await exportRecordingFile(resolve(options.dataDir), options.output, window);
  } catch (error) {
    if (error instanceof NoHistoryError) refuse('export', error.message);
    throw error;
  }
  const size = statSync(options.output).size;
  process.stdout.write(
    [
      `Wrote ${options.output} (${(size / 1024 / 1024).toFixed(1)} MB, Secret values and credentials left out).`,
      `  Window:     ${window.from === undefined ? 'everything' : `from ${clock(window.from)}`} until ${clock(to)}`,
      ...streamLines(header),
      `  Open it:    dojo-console open ${options.output}`,
      '',
    ].join('\n'),
  );
}

export async function runOpen(options: OpenOptions): Promise<{ stop(): Promise<void> }> {
  if (!existsSync(options.file)) refuse('open', `${options.file}: no such file`);
  const started = performance.now();
  const temporary = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'dojo-recording-'));
  let running;
  try {
    running = await openRecording({ file: options.file, dataDir, host: options.host, port: options.port, ...(options.token ? { token: options.token } : {}) });
  } catch (error) {
    if (temporary) rmSync(dataDir, { recursive: true, force: true });
    if (error instanceof TraceFormatError) refuse('open', `${options.file}: ${error.message}`);
    throw error;
  }
  const { recording } = running;
  const source = recording.source;
  process.stdout.write(
    [
      'Dojo Console is serving a recording (read-only, no cluster).',
      `  Open:       ${running.loginUrl}`,
      `  Recording:  ${recording.name}, ${clock(recording.from)} – ${clock(recording.to)}`,
      `  Made:       ${recording.createdAt} on ${source.clusterMode === 'embedded' ? 'the embedded cluster' : `cluster ${source.server || 'unknown'}`} by dojo-console ${source.consoleVersion || '(unknown version)'}`,
      `  Data:       ${dataDir}${temporary ? ' (removed on exit)' : ''}`,
      `  Opened in:  ${((performance.now() - started) / 1000).toFixed(2)} s`,
      '',
    ].join('\n'),
  );
  return {
    async stop() {
      await running.stop();
      if (temporary) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

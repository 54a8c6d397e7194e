/**
 * Journal persistence as JSON lines, for post-mortem replay (`readJournalFile` +
 * `Journal.fromRecords`).
 *
 * Write and fsync policy:
 * - `write` only buffers. A batch reaches the operating system in one `writeSync` at most
 *   `flushIntervalMs` after its first record (default 100 ms), as soon as it holds `maxBatch`
 *   records, and on `flush()`/`close()`. A crash of the process loses at most that unwritten
 *   batch; `flushIntervalMs: 0` writes every record as it is appended and loses nothing.
 * - With `fsync: true` every write is followed by `fsyncSync`, so written records also survive
 *   a kernel crash or power loss. Off by default: the page cache already survives the process.
 * - The file is only appended to. Opening an existing file continues its sequence (`lastSeq`)
 *   and first terminates a line torn by a crash, so the torn line is skipped on read.
 *
 * Misuse: one writer per file. Two journals appending to one file interleave their sequences.
 */
import { closeSync, existsSync, fstatSync, fsyncSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import { realClock, type Clock, type Timer } from '../clock/clock.ts';
import type { JournalSink } from './journal.ts';
import type { TelemetryRecord } from './records.ts';

export interface JournalFileOptions {
  path: string;
  clock?: Clock;
  flushIntervalMs?: number;
  maxBatch?: number;
  fsync?: boolean;
}

// Enough tail to hold the last complete record of any realistic size.
const tailBytes = 64 * 1024;

export class JournalFile implements JournalSink {
  readonly path: string;
  /** The last `seq` in the file when it was opened (0 for a new file). */
  readonly lastSeq: number;
  readonly #fd: number;
  readonly #clock: Clock;
  readonly #flushIntervalMs: number;
  readonly #maxBatch: number;
  readonly #fsync: boolean;
  #batch: string[] = [];
  #timer: Timer | undefined;
  #closed = false;

  constructor(options: JournalFileOptions) {
    this.path = options.path;
    this.#clock = options.clock ?? realClock;
    this.#flushIntervalMs = options.flushIntervalMs ?? 100;
    this.#maxBatch = options.maxBatch ?? 1000;
    this.#fsync = options.fsync ?? false;
    this.#fd = openSync(options.path, 'a+');
    const tail = readTail(this.#fd);
    this.lastSeq = lastSeqIn(tail);
    if (tail.length > 0 && !tail.endsWith('\n')) writeSync(this.#fd, '\n');
  }

  write(record: TelemetryRecord): void {
    if (this.#closed) throw new Error(`journal file ${this.path} is closed`);
    this.#batch.push(JSON.stringify(record));
    if (this.#flushIntervalMs <= 0 || this.#batch.length >= this.#maxBatch) this.flush();
    else this.#timer ??= this.#clock.setTimer(this.#flushIntervalMs, () => this.flush());
  }

  flush(): void {
    this.#timer?.cancel();
    this.#timer = undefined;
    if (this.#batch.length === 0 || this.#closed) return;
    const text = this.#batch.join('\n') + '\n';
    this.#batch = [];
    writeSync(this.#fd, text);
    if (this.#fsync) fsyncSync(this.#fd);
  }

  close(): void {
    if (this.#closed) return;
    this.flush();
    this.#closed = true;
    closeSync(this.#fd);
  }
}

/**
 * Reads a journal file back, oldest first. Lines that are not JSON records (a line torn by a
 * crash) are skipped; a missing file reads as empty.
 */
export function readJournalFile(path: string): TelemetryRecord[] {
  if (!existsSync(path)) return [];
  const records: TelemetryRecord[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const record = parseRecord(line);
    if (record) records.push(record);
  }
  return records;
}

function parseRecord(line: string): TelemetryRecord | undefined {
  if (line.trim() === '') return undefined;
  try {
    const value: unknown = JSON.parse(line);
    const candidate = value as Partial<TelemetryRecord> | null;
    if (typeof candidate?.seq === 'number' && typeof candidate.type === 'string') return value as TelemetryRecord;
  } catch {
    // A torn line: skipped, as documented.
  }
  return undefined;
}

function readTail(fd: number): string {
  const size = fstatSync(fd).size;
  const length = Math.min(size, tailBytes);
  if (length === 0) return '';
  const buffer = Buffer.alloc(length);
  readSync(fd, buffer, 0, length, size - length);
  return buffer.toString('utf8');
}

function lastSeqIn(tail: string): number {
  const lines = tail.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const record = parseRecord(lines[i] ?? '');
    if (record) return record.seq;
  }
  return 0;
}

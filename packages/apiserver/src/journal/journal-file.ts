/**
 * The request journal on disk: JSON lines in `<data-dir>/request-journal.jsonl`, bounded.
 *
 * - Writes are batched: a batch reaches the file in one `writeSync` at most `flushIntervalMs`
 *   after its first record (default 100 ms), as soon as it holds `maxBatch` records, and on
 *   `close()`. A crash loses at most that unwritten batch, never a record already written.
 * - Bounded: when the file passes `maxBytes` it becomes `request-journal.1.jsonl` (replacing the
 *   previous one) and a new file starts, so the journal never holds more than about twice that.
 * - Reopening continues the sequence: `readTail()` gives the newest records (up to a byte bound)
 *   so the server's ring starts where the last run stopped, and a line torn by a crash is
 *   terminated, then skipped.
 *
 * Misuse: one writer per data dir (the API server holds the SQLite store there too).
 */
import { closeSync, existsSync, fstatSync, openSync, readSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { RequestJournalRecord } from '@dojo/console-protocol';

export interface JournalFileOptions {
  dir: string;
  flushIntervalMs?: number;
  maxBatch?: number;
  /** Rotate past this size (default 64 MiB). */
  maxBytes?: number;
}

const currentName = 'request-journal.jsonl';
const previousName = 'request-journal.1.jsonl';

/** The journal's files in a data dir, the rotated one first: for a reader in another process (`dojo-console rbac`). */
export const journalFilesOldestFirst = (dir: string): string[] => [join(dir, previousName), join(dir, currentName)];

export class JournalFile {
  readonly path: string;
  readonly #previousPath: string;
  readonly #flushIntervalMs: number;
  readonly #maxBatch: number;
  readonly #maxBytes: number;
  #fd: number;
  #size: number;
  #batch: string[] = [];
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(options: JournalFileOptions) {
    this.path = join(options.dir, currentName);
    this.#previousPath = join(options.dir, previousName);
    this.#flushIntervalMs = options.flushIntervalMs ?? 100;
    this.#maxBatch = options.maxBatch ?? 1000;
    this.#maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.#fd = openSync(this.path, 'a+', 0o600);
    this.#size = fstatSync(this.#fd).size;
    if (this.#size > 0 && !endsWithNewline(this.#fd, this.#size)) this.#append('\n');
  }

  /**
   * The newest records on disk, oldest first, reading at most `maxBytes` from the end of the
   * two files. Unparseable lines (a torn write) are skipped.
   */
  readTail(maxBytes = 16 * 1024 * 1024): RequestJournalRecord[] {
    const current = tailLines(this.path, maxBytes);
    const rest = maxBytes - current.bytes;
    const previous = rest > 0 && existsSync(this.#previousPath) ? tailLines(this.#previousPath, rest).lines : [];
    const records: RequestJournalRecord[] = [];
    for (const line of [...previous, ...current.lines]) {
      const record = parseRecord(line);
      if (record && (records.length === 0 || record.seq > records[records.length - 1]!.seq)) records.push(record);
    }
    return records;
  }

  /** Queues one record, already serialized as a JSON line (without the newline). */
  write(line: string): void {
    if (this.#closed) return;
    this.#batch.push(line);
    if (this.#flushIntervalMs <= 0 || this.#batch.length >= this.#maxBatch) this.flush();
    else if (!this.#timer) {
      this.#timer = setTimeout(() => this.flush(), this.#flushIntervalMs);
      this.#timer.unref();
    }
  }

  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#batch.length === 0 || this.#closed) return;
    const text = this.#batch.join('\n') + '\n';
    this.#batch = [];
    if (this.#size + text.length > this.#maxBytes && this.#size > 0) this.#rotate();
    this.#append(text);
  }

  close(): void {
    if (this.#closed) return;
    this.flush();
    this.#closed = true;
    closeSync(this.#fd);
  }

  #append(text: string): void {
    this.#size += writeSync(this.#fd, text);
  }

  #rotate(): void {
    closeSync(this.#fd);
    renameSync(this.path, this.#previousPath);
    this.#fd = openSync(this.path, 'a+', 0o600);
    this.#size = 0;
  }
}

function endsWithNewline(fd: number, size: number): boolean {
  const last = Buffer.alloc(1);
  readSync(fd, last, 0, 1, size - 1);
  return last[0] === 0x0a;
}

/** The complete lines in the last `maxBytes` of a file (a partial first line is dropped). */
function tailLines(path: string, maxBytes: number): { lines: string[]; bytes: number } {
  if (!existsSync(path)) return { lines: [], bytes: 0 };
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const length = Math.min(size, maxBytes);
    if (length === 0) return { lines: [], bytes: 0 };
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    const lines = buffer.toString('utf8').split('\n');
    if (length < size) lines.shift();
    return { lines, bytes: length };
  } finally {
    closeSync(fd);
  }
}

function parseRecord(line: string): RequestJournalRecord | undefined {
  if (line.trim() === '') return undefined;
  try {
    const value = JSON.parse(line) as Partial<RequestJournalRecord> | null;
    if (typeof value?.seq === 'number' && typeof value.type === 'string') return value as RequestJournalRecord;
  } catch {
    // A line torn by a crash: skipped, as promised.
  }
  return undefined;
}

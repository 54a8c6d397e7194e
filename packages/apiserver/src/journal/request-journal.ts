/**
 * The request journal: who asked the API server what, and what every watch delivered
 * (docs/request-journal.md; the record types are @dojo/console-protocol's requests.ts).
 *
 * Promises:
 * - Every request (but the journal's own stream and health checks) and every watch, with its
 *   events, gets a record with a global, strictly increasing `seq`, continued across restarts.
 * - Bounded: the newest `capacity` records in memory, a size-bounded file on disk.
 * - Readers resume from a `seq` and are told explicitly when records they asked for are gone.
 * - Journaling never fails a request: a broken file is reported once and memory goes on.
 * - It knows who wrote the current version of every object it saw written (`writers`).
 *
 * Misuse: `append` runs on the request path; subscribers must only buffer.
 */
import type { RequestJournalRecord, WatchOpenRecord } from '@dojo/console-protocol';
import { JournalFile, type JournalFileOptions } from './journal-file.ts';
import { SeqRing, type RingListener } from './seq-ring.ts';
import { VersionWriters } from './version-writers.ts';

export type JournalInput = RequestJournalRecord extends infer R ? (R extends RequestJournalRecord ? Omit<R, 'seq'> : never) : never;

/**
 * A record as the journal keeps it: its JSON line, serialized once for the file and every
 * reader of the stream. The ring holds lines, not objects: a hundred thousand short strings
 * cost the garbage collector far less than as many objects of twenty fields.
 */
export interface JournalEntry {
  readonly seq: number;
  readonly line: string;
}

export interface RequestJournalOptions {
  /** The directory of the journal file (the API server's data dir); absent: memory only. */
  dir?: string;
  /** Records held in memory (default 100 000). */
  capacity?: number;
  file?: Omit<JournalFileOptions, 'dir'>;
  onError?: (error: unknown) => void;
}

export class RequestJournal {
  readonly writers = new VersionWriters();
  readonly #ring: SeqRing<JournalEntry>;
  readonly #openWatches = new Map<string, WatchOpenRecord>();
  readonly #onError: (error: unknown) => void;
  #file: JournalFile | undefined;

  constructor(options: RequestJournalOptions = {}) {
    this.#onError = options.onError ?? ((error) => process.emitWarning(`request journal file failed, journaling in memory only: ${String(error)}`));
    const capacity = options.capacity ?? 100_000;
    let restored: RequestJournalRecord[] = [];
    if (options.dir) {
      try {
        this.#file = new JournalFile({ dir: options.dir, ...options.file });
        restored = this.#file.readTail().slice(-capacity);
      } catch (error) {
        this.#fileFailed(error);
      }
    }
    this.#ring = new SeqRing(capacity, (restored[0]?.seq ?? 1) - 1);
    for (const record of restored) this.#ring.push({ seq: record.seq, line: JSON.stringify(record) });
  }

  get lastSeq(): number {
    return this.#ring.lastSeq;
  }

  get oldestSeq(): number {
    return this.#ring.oldestSeq;
  }

  append(input: JournalInput): RequestJournalRecord {
    const record = input as RequestJournalRecord;
    record.seq = this.#ring.lastSeq + 1;
    if (record.type === 'watch-open') this.#openWatches.set(record.watchId, record);
    else if (record.type === 'watch-close') this.#openWatches.delete(record.watchId);
    const line = JSON.stringify(record);
    this.#ring.push({ seq: record.seq, line });
    if (this.#file) {
      try {
        this.#file.write(line);
      } catch (error) {
        this.#fileFailed(error);
      }
    }
    return record;
  }

  /** The id the next watch gets: its `watch-open` record's seq, so ids never repeat across restarts. */
  nextWatchId(): string {
    return `w${this.#ring.lastSeq + 1}`;
  }

  /** Watches open now, oldest first. */
  openWatches(): WatchOpenRecord[] {
    return [...this.#openWatches.values()];
  }

  missed(fromSeq: number): boolean {
    return this.#ring.missed(fromSeq);
  }

  /** Held records from `fromSeq` on, at most `limit` (parsed again from their lines). */
  records(fromSeq: number, limit?: number): RequestJournalRecord[] {
    return this.entries(fromSeq, limit).map((e) => JSON.parse(e.line) as RequestJournalRecord);
  }

  /** Held records with their JSON lines. */
  entries(fromSeq: number, limit?: number): JournalEntry[] {
    return [...this.#ring.from(fromSeq, limit)];
  }

  subscribe(fromSeq: number, listener: RingListener<JournalEntry>): () => void {
    return this.#ring.subscribe(fromSeq, listener);
  }

  close(): void {
    try {
      this.#file?.close();
    } catch (error) {
      this.#onError(error);
    }
    this.#file = undefined;
  }

  #fileFailed(error: unknown): void {
    this.#onError(error);
    this.#file = undefined;
  }
}

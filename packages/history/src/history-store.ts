/**
 * The history store: one SQLite file (WAL) holding every stream the console records. Appends
 * only buffer; a timer writes the buffers in one transaction a few times a second, so the code
 * that records (a controller appending to the journal, the watch that delivers a version) never
 * waits for the disk. Retention runs on a timer too: first by age, then, while all streams
 * together hold more than the size limit, the oldest records of whichever stream holds the
 * oldest. Every eviction is counted per stream and moves its "complete since".
 */
import Database from 'better-sqlite3';
import type { HistoryRetention, HistoryStatus } from '@dojo/console-protocol';
import { HistoryStream } from './history-stream.ts';
import { defaultRetention } from './retention.ts';
import type { StreamSpec } from './stream-spec.ts';

export interface HistoryStoreOptions {
  /** The SQLite file; ":memory:" for a store that lives as long as the process. */
  path: string;
  retention?: Partial<HistoryRetention>;
  /** Epoch ms; tests pass a fake. */
  now?: () => number;
  /** How often buffered records are written (default 250 ms); 0 writes only on `flush()`. */
  flushEveryMs?: number;
  /** How often retention runs (default 10 s); 0 runs it only on `enforceRetention()`. */
  retentionEveryMs?: number;
  /** Told about a failed background write or eviction; the store keeps going. */
  onError?: (error: unknown) => void;
}

/** Evicted together when over the size limit, so one eviction frees room for a while. */
const sizeEvictionBatch = 2000;

export class HistoryStore {
  readonly retention: HistoryRetention;
  readonly #db: Database.Database;
  readonly #now: () => number;
  readonly #streams = new Map<string, HistoryStream<unknown>>();
  readonly #onError: (error: unknown) => void;
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #write: () => void;
  #closed = false;

  constructor(options: HistoryStoreOptions) {
    this.retention = { ...defaultRetention, ...options.retention };
    this.#now = options.now ?? Date.now;
    this.#onError = options.onError ?? ((error) => process.emitWarning(`history: ${error instanceof Error ? error.message : String(error)}`));
    this.#db = new Database(options.path);
    this.#db.pragma('journal_mode = WAL');
    // History may lose its last fraction of a second in a power cut; it must not slow the console.
    this.#db.pragma('synchronous = NORMAL');
    this.#db.exec(
      'CREATE TABLE IF NOT EXISTS stream_state (name TEXT PRIMARY KEY, started_at INTEGER NOT NULL, complete_since INTEGER NOT NULL, evicted INTEGER NOT NULL, evicted_by_type TEXT NOT NULL, records INTEGER NOT NULL, bytes INTEGER NOT NULL, last_seq INTEGER NOT NULL)',
    );
    this.#write = this.#db.transaction(() => {
      for (const stream of this.#streams.values()) stream.writeBuffered();
    });
    this.#every(options.flushEveryMs ?? 250, () => this.flush());
    this.#every(options.retentionEveryMs ?? 10_000, () => this.enforceRetention());
  }

  /** The stream with this spec's name, created (with its table) on first use. */
  stream<R>(spec: StreamSpec<R>): HistoryStream<R> {
    let stream = this.#streams.get(spec.name) as HistoryStream<R> | undefined;
    if (!stream) {
      stream = new HistoryStream(this.#db, spec, this.#now(), () => this.flush());
      this.#streams.set(spec.name, stream as HistoryStream<unknown>);
    }
    return stream;
  }

  /** Writes every buffered record now (queries call it first, so they see everything appended). */
  flush(): void {
    if (this.#closed) return;
    let pending = 0;
    for (const stream of this.#streams.values()) pending += stream.pending;
    if (pending > 0) this.#write();
  }

  /** Evicts by age, then by size; returns how many records went. */
  enforceRetention(): number {
    if (this.#closed) return 0;
    this.flush();
    let evicted = 0;
    const cutoff = this.#now() - this.retention.maxAgeMs;
    for (const stream of this.#streams.values()) evicted += stream.evictBefore(cutoff).records;
    let total = this.#totalBytes();
    while (total > this.retention.maxBytes) {
      const oldest = this.#streamWithOldestRecord();
      if (!oldest) break;
      const gone = oldest.evictOldest(sizeEvictionBatch);
      if (gone.records === 0) break;
      evicted += gone.records;
      total -= gone.bytes;
    }
    return evicted;
  }

  status(): HistoryStatus {
    return { retention: this.retention, streams: [...this.#streams.values()].map((s) => s.coverage()) };
  }

  close(): void {
    if (this.#closed) return;
    for (const timer of this.#timers) clearInterval(timer);
    try {
      this.flush();
    } finally {
      this.#closed = true;
      this.#db.close();
    }
  }

  #totalBytes(): number {
    let total = 0;
    for (const stream of this.#streams.values()) total += stream.bytes;
    return total;
  }

  #streamWithOldestRecord(): HistoryStream<unknown> | undefined {
    let found: { stream: HistoryStream<unknown>; time: number } | undefined;
    for (const stream of this.#streams.values()) {
      const time = stream.oldestTime();
      if (time !== undefined && (!found || time < found.time)) found = { stream, time };
    }
    return found?.stream;
  }

  #every(ms: number, fn: () => void): void {
    if (ms <= 0) return;
    const timer = setInterval(() => {
      try {
        fn();
      } catch (error) {
        this.#onError(error);
      }
    }, ms);
    timer.unref();
    this.#timers.push(timer);
  }
}

/**
 * The history store: one SQLite file (WAL) holding every stream the console records. Appends
 * only buffer; a few times a second the buffers go to a write thread that inserts them in one
 * transaction, so neither the code that records (a controller appending to the journal, the
 * watch that delivers a version) nor the console's event loop waits for SQLite. Queries run on
 * this thread's read connection and see the records not yet written too. Retention runs in the
 * write thread: first by age, then a stream with a share of its own (the request journal) gives
 * back what it holds beyond that share, then, while all streams together hold more than the
 * size limit, the oldest records of whichever stream holds the oldest. Every eviction is
 * counted per stream and moves its "complete since".
 */
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { HistoryRetention, HistoryStatus } from '@dojo/console-protocol';
import { HistoryStream, type WriteBatch } from './history-stream.ts';
import { defaultRetention } from './retention.ts';
import type { StreamSpec } from './stream-spec.ts';
import { metaTableSql, stateTableSql } from './stream-table.ts';
import { privateDatabaseFile } from './private-database-file.ts';

export interface HistoryStoreOptions {
  /** The SQLite file (a real file: the write thread opens it too). */
  path: string;
  retention?: Partial<HistoryRetention>;
  /** Epoch ms; tests pass a fake. */
  now?: () => number;
  /** How often buffered records are written (default 250 ms); 0 writes only on `flush()`. */
  flushEveryMs?: number;
  /**
   * With `flushEveryMs` set, a flush also starts (after the current task) once this many
   * records are buffered (default 250): a flush serialises its records on the event loop in
   * one go, and during a 1,000-Dojo convergence the 250 ms buffers took 15–85 ms to hand
   * over, the console's longest regular task. 0: only the interval.
   */
  flushAtRecords?: number;
  /** How often retention runs (default 10 s); 0 runs it only on `enforceRetention()`. */
  retentionEveryMs?: number;
  /** Told about a failed background write or eviction; the store keeps going. */
  onError?: (error: unknown) => void;
}

interface Waiter {
  resolve(evicted: number): void;
  reject(error: Error): void;
}

export class HistoryStore {
  readonly retention: HistoryRetention;
  /** The SQLite file (what an export reads, beside this store's own connections). */
  readonly path: string;
  readonly #db: Database.Database;
  readonly #worker: Worker;
  readonly #now: () => number;
  readonly #streams = new Map<string, HistoryStream<unknown>>();
  readonly #onError: (error: unknown) => void;
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #waiting = new Map<number, Waiter>();
  readonly #flushAtRecords: number;
  #buffered = 0;
  #flushSoon: NodeJS.Immediate | undefined;
  #nextId = 1;
  #closed = false;

  constructor(options: HistoryStoreOptions) {
    this.retention = { ...defaultRetention, ...options.retention };
    this.path = options.path;
    this.#now = options.now ?? Date.now;
    this.#onError = options.onError ?? ((error) => process.emitWarning(`history: ${error instanceof Error ? error.message : String(error)}`));
    this.#db = new Database(privateDatabaseFile(options.path));
    this.#db.pragma('journal_mode = WAL');
    this.#db.pragma('busy_timeout = 5000');
    this.#db.exec(stateTableSql);
    this.#db.exec(metaTableSql);
    this.#worker = new Worker(new URL('./history-writer.js', import.meta.url), { workerData: { path: options.path } });
    this.#worker.on('message', (message: { type: string; id: number; evicted?: number; error?: string }) => this.#answered(message));
    this.#worker.on('error', (error) => this.#failAll(error));
    this.#worker.unref();
    const flushEveryMs = options.flushEveryMs ?? 250;
    this.#flushAtRecords = flushEveryMs > 0 ? (options.flushAtRecords ?? 250) : 0;
    this.#every(flushEveryMs, () => void this.flush().catch(this.#onError));
    this.#every(options.retentionEveryMs ?? 10_000, () => void this.enforceRetention().catch(this.#onError));
  }

  /** The stream with this spec's name, created (with its table) on first use. */
  stream<R>(spec: StreamSpec<R>): HistoryStream<R> {
    let stream = this.#streams.get(spec.name) as HistoryStream<R> | undefined;
    if (!stream) {
      stream = new HistoryStream(this.#db, spec, this.#now(), () => this.#appended());
      this.#streams.set(spec.name, stream as HistoryStream<unknown>);
    }
    return stream;
  }

  /** Hands every buffered record to the write thread; resolves once they are on disk. */
  flush(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#buffered = 0;
    const id = this.#nextId++;
    const batches = [...this.#streams.values()].map((s) => s.takeBuffered(id)).filter((b): b is WriteBatch => b !== undefined);
    if (batches.length === 0 && this.#waiting.size === 0) return Promise.resolve();
    return this.#send({ type: 'write', id, streams: batches }, () => this.#settle(id)).then(() => undefined);
  }

  /** Writes what is buffered, then evicts by age and by size; resolves with how many records went. */
  async enforceRetention(): Promise<number> {
    await this.flush();
    if (this.#closed) return 0;
    const streams = [...this.#streams.values()].map((s) => ({ name: s.name, table: s.table, ...(s.maxShare !== undefined ? { maxShare: s.maxShare } : {}) }));
    const id = this.#nextId++;
    return this.#send({ type: 'retain', id, streams, cutoff: this.#now() - this.retention.maxAgeMs, maxBytes: this.retention.maxBytes }, () => {});
  }

  /**
   * Keeps a fact about the session beside the streams (which cluster, its kinds, its
   * controllers), as JSON under `key`; a recording carries every one of them.
   */
  writeMeta(key: string, value: unknown): void {
    this.#db
      .prepare('INSERT INTO store_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
      .run(key, JSON.stringify(value));
  }

  readMeta(key: string): unknown {
    const text = this.#db.prepare('SELECT value FROM store_meta WHERE key = ?').pluck().get(key) as string | undefined;
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  }

  status(): HistoryStatus {
    return { retention: this.retention, streams: [...this.#streams.values()].map((s) => s.coverage()) };
  }

  /** Writes what is buffered and closes the file. */
  async close(): Promise<void> {
    if (this.#closed) return;
    for (const timer of this.#timers) clearInterval(timer);
    clearImmediate(this.#flushSoon);
    try {
      await this.flush();
      const id = this.#nextId++;
      await this.#send({ type: 'close', id }, () => {});
    } finally {
      this.#closed = true;
      this.#db.close();
      await this.#worker.terminate();
    }
  }

  #send(message: { type: string; id: number; [field: string]: unknown }, onSettled: () => void): Promise<number> {
    this.#worker.ref();
    return new Promise<number>((resolve, reject) => {
      this.#waiting.set(message.id, {
        resolve: (evicted) => {
          onSettled();
          resolve(evicted);
        },
        reject: (error) => {
          onSettled();
          reject(error);
        },
      });
      this.#worker.postMessage(message);
    });
  }

  #answered(message: { type: string; id: number; evicted?: number; error?: string }): void {
    const waiter = this.#waiting.get(message.id);
    this.#waiting.delete(message.id);
    if (this.#waiting.size === 0) this.#worker.unref();
    if (!waiter) return;
    if (message.type === 'failed') waiter.reject(new Error(message.error ?? 'history write failed'));
    else waiter.resolve(message.evicted ?? 0);
  }

  /** Counts a buffered record; enough of them start a flush once the current task is done. */
  #appended(): void {
    if (this.#flushAtRecords <= 0 || ++this.#buffered < this.#flushAtRecords || this.#flushSoon) return;
    this.#flushSoon = setImmediate(() => {
      this.#flushSoon = undefined;
      void this.flush().catch(this.#onError);
    });
  }

  #settle(id: number): void {
    for (const stream of this.#streams.values()) stream.settled(id);
  }

  #failAll(error: Error): void {
    for (const [id, waiter] of this.#waiting) {
      this.#settle(id);
      waiter.reject(error);
    }
    this.#waiting.clear();
    this.#onError(error);
  }

  #every(ms: number, fn: () => void): void {
    if (ms <= 0) return;
    const timer = setInterval(fn, ms);
    timer.unref();
    this.#timers.push(timer);
  }
}

/**
 * The revisioned object store: SQLite on disk, the committed state in memory, and one global
 * revision counter that becomes every object's resourceVersion (etcd/kine style).
 *
 * Durability and group commit: writes are accepted synchronously (the revision is assigned and
 * the caller's read-modify-write is atomic, since JavaScript runs one request's critical
 * section at a time) and queued. A commit thread (commit-worker.js) writes one batch at a time
 * in one SQLite transaction (WAL, synchronous=FULL: the WAL is fsynced at every commit); every
 * write accepted while a batch is on disk joins the next batch. Nothing is acknowledged or
 * published to watchers before its batch is durable, so an acknowledged write survives kill -9
 * and power loss, and readers never see a write that could still be lost.
 *
 * Readers see only committed state; writers check preconditions against committed state plus
 * the writes still waiting for their commit, so two writers can never both win.
 */
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { privateDatabaseFile } from './private-data-dir.ts';

export interface StoredObject {
  /** Bucket-relative key: "namespace/name" or "name". */
  name: string;
  rev: number;
  json: string;
}

export type ChangeType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface ChangeEvent {
  rev: number;
  type: ChangeType;
  bucket: string;
  name: string;
  /** The object after the change; for DELETED, its last state stamped with the deletion revision. */
  json: string;
  /** The object before the change (MODIFIED and DELETED), so selector watches see transitions. */
  prevJson?: string;
}

interface Waiter {
  resolve: () => void;
  reject: (err: Error) => void;
}

interface PendingWrite {
  event: ChangeEvent;
}

export type ChangeListener = (events: readonly ChangeEvent[]) => void;

const rowKey = (bucket: string, name: string): string => `${bucket}|${name}`;

export class RevisionedStore {
  private readonly worker: Worker;
  private inFlight: { id: number; events: ChangeEvent[]; waiters: Waiter[] } | undefined;
  private nextBatchId = 1;
  private closing: Promise<void> | undefined;
  private readonly idleWaiters: (() => void)[] = [];
  private readonly committed = new Map<string, Map<string, StoredObject>>();
  /** Latest not-yet-committed state per row key; `null` marks a pending delete. */
  private readonly pending = new Map<string, StoredObject | null>();
  private batch: PendingWrite[] = [];
  private waiters: Waiter[] = [];
  private flushScheduled = false;
  private committedRevision: number;
  private nextRevision: number;
  private readonly listeners = new Set<ChangeListener>();
  constructor(path: string) {
    // Schema and the initial load use a short-lived connection; the commit thread owns writes.
    const db = new Database(privateDatabaseFile(path));
    db.pragma('journal_mode = WAL');
    db.exec(`
      CREATE TABLE IF NOT EXISTS objects (bucket TEXT NOT NULL, name TEXT NOT NULL, rev INTEGER NOT NULL, value TEXT NOT NULL, PRIMARY KEY (bucket, name)) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
    `);
    const row = db.prepare("SELECT value FROM meta WHERE name = 'revision'").get() as { value: string } | undefined;
    this.committedRevision = row ? Number(row.value) : 1;
    for (const obj of db.prepare('SELECT bucket, name, rev, value FROM objects').iterate() as Iterable<{
      bucket: string;
      name: string;
      rev: number;
      value: string;
    }>) {
      this.bucketMap(obj.bucket).set(obj.name, { name: obj.name, rev: obj.rev, json: obj.value });
      if (obj.rev > this.committedRevision) this.committedRevision = obj.rev;
    }
    db.close();
    this.nextRevision = this.committedRevision;
    this.worker = new Worker(new URL('./commit-worker.js', import.meta.url), { workerData: { path } });
    this.worker.on('message', (message: { type: string; id?: number; error?: string }) => this.onWorkerMessage(message));
    this.worker.on('error', (err) => this.failInFlight(err));
    this.worker.unref();
  }

  private bucketMap(bucket: string): Map<string, StoredObject> {
    let map = this.committed.get(bucket);
    if (!map) {
      map = new Map();
      this.committed.set(bucket, map);
    }
    return map;
  }

  /** The revision of the latest committed write: what a consistent read is "as of". */
  get revision(): number {
    return this.committedRevision;
  }

  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Committed state, for readers. */
  get(bucket: string, name: string): StoredObject | undefined {
    return this.committed.get(bucket)?.get(name);
  }

  /** Committed objects of a bucket whose name starts with `prefix`, sorted by name. */
  list(bucket: string, prefix = ''): StoredObject[] {
    const map = this.committed.get(bucket);
    if (!map) return [];
    const out: StoredObject[] = [];
    for (const obj of map.values()) if (obj.name.startsWith(prefix)) out.push(obj);
    return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  count(bucket: string): number {
    return this.committed.get(bucket)?.size ?? 0;
  }

  /** Latest state including writes not yet committed, for a writer's preconditions. */
  getLatest(bucket: string, name: string): StoredObject | undefined {
    const key = rowKey(bucket, name);
    if (this.pending.has(key)) return this.pending.get(key) ?? undefined;
    return this.get(bucket, name);
  }

  /**
   * Accepts a create or update. `render` receives the new revision and returns the JSON to
   * store (with that revision as its resourceVersion). Resolves once durable.
   */
  put(bucket: string, name: string, render: (rev: number) => string): { rev: number; json: string; committed: Promise<void> } {
    const prev = this.getLatest(bucket, name);
    // Rendered before the revision is taken: a render that refuses (too large) leaves no gap.
    const rev = this.nextRevision + 1;
    const json = render(rev);
    this.nextRevision = rev;
    this.pending.set(rowKey(bucket, name), { name, rev, json });
    const event: ChangeEvent = { rev, type: prev ? 'MODIFIED' : 'ADDED', bucket, name, json };
    if (prev) event.prevJson = prev.json;
    return { rev, json, committed: this.enqueue(event) };
  }

  /** Accepts a delete; `render` stamps the final state with the deletion revision. */
  delete(bucket: string, name: string, render: (rev: number, prevJson: string) => string): { rev: number; json: string; committed: Promise<void> } {
    const prev = this.getLatest(bucket, name);
    if (!prev) throw new Error(`delete of missing object ${bucket} ${name}`);
    const rev = this.nextRevision + 1;
    const json = render(rev, prev.json);
    this.nextRevision = rev;
    this.pending.set(rowKey(bucket, name), null);
    return { rev, json, committed: this.enqueue({ rev, type: 'DELETED', bucket, name, json, prevJson: prev.json }) };
  }

  private enqueue(event: ChangeEvent): Promise<void> {
    if (this.closing) return Promise.reject(new Error('store is closed'));
    this.batch.push({ event });
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    if (!this.flushScheduled && !this.inFlight) {
      this.flushScheduled = true;
      // Let the writes of this turn join the batch before it goes to disk.
      setImmediate(() => this.startCommit());
    }
    return done;
  }

  private startCommit(): void {
    this.flushScheduled = false;
    if (this.inFlight || this.batch.length === 0) return;
    const events = this.batch.map((w) => w.event);
    const batch = { id: this.nextBatchId++, events, waiters: this.waiters };
    this.batch = [];
    this.waiters = [];
    this.inFlight = batch;
    this.worker.ref();
    const writes = events.map((e) => ({ bucket: e.bucket, name: e.name, rev: e.rev, json: e.json, deleted: e.type === 'DELETED' }));
    this.worker.postMessage({ type: 'commit', id: batch.id, writes, revision: events[events.length - 1]!.rev });
  }

  private onWorkerMessage(message: { type: string; id?: number; error?: string }): void {
    if (message.type === 'failed') this.failInFlight(new Error(`commit failed: ${message.error ?? 'unknown error'}`));
    else if (message.type === 'committed' && this.inFlight?.id === message.id) this.completeInFlight();
  }

  private completeInFlight(): void {
    const { events, waiters } = this.inFlight!;
    this.inFlight = undefined;
    for (const e of events) {
      const map = this.bucketMap(e.bucket);
      if (e.type === 'DELETED') map.delete(e.name);
      else map.set(e.name, { name: e.name, rev: e.rev, json: e.json });
      const key = rowKey(e.bucket, e.name);
      const latest = this.pending.get(key);
      // Drop the overlay only if no later write of the same key is still queued.
      if (latest === null ? e.type === 'DELETED' : latest?.rev === e.rev) this.pending.delete(key);
    }
    this.committedRevision = events[events.length - 1]!.rev;
    for (const listener of this.listeners) listener(events);
    for (const w of waiters) w.resolve();
    if (this.batch.length > 0) this.startCommit();
    else {
      this.worker.unref();
      this.notifyIdle();
    }
  }

  /** Nothing after the last durable commit can be trusted: forget it all and refuse it. */
  private failInFlight(err: Error): void {
    const failed = [...(this.inFlight?.waiters ?? []), ...this.waiters];
    this.inFlight = undefined;
    this.batch = [];
    this.waiters = [];
    this.pending.clear();
    this.nextRevision = this.committedRevision;
    for (const w of failed) w.reject(err);
    this.notifyIdle();
  }

  /** Resolves once every accepted write is durable (or has failed). */
  private drain(): Promise<void> {
    if (!this.inFlight && this.batch.length === 0) return Promise.resolve();
    if (!this.inFlight) this.startCommit();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private notifyIdle(): void {
    if (this.inFlight || this.batch.length > 0) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** Commits every accepted write, then closes the database and the commit thread. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.drain();
      this.worker.ref();
      await new Promise<void>((resolve) => {
        this.worker.once('message', () => resolve());
        this.worker.postMessage({ type: 'close' });
      });
      await this.worker.terminate();
    })();
    return this.closing;
  }
}

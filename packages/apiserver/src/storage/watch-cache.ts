/**
 * Watch fan-out with a bounded history, like kube-apiserver's watch cache: a watch may start
 * from any revision still in history and receives every later change in revision order; one
 * older than history gets 410 Expired ("too old resource version") so the client relists.
 * History starts at the current revision when the server starts, as the real watch cache does.
 */
import { newResourceExpired } from '@dojo/kube-api';
import type { ChangeEvent, RevisionedStore } from './revisioned-store.ts';

export interface WatchSink {
  /** Delivers one event; returns false when this watcher cannot keep up and must be closed. */
  send(event: ChangeEvent): boolean;
  /** Ends the watch (slow consumer, shutdown). */
  close(reason: string): void;
}

export interface WatchCacheOptions {
  /** How many recent changes are kept for watches that resume from a revision. */
  historySize?: number | undefined;
}

export class WatchCache {
  private history: ChangeEvent[] = [];
  /** Every change with a revision above this one is still in `history`. */
  private historyStart: number;
  private readonly watchers = new Map<string, Set<WatchSink>>();
  private readonly historySize: number;

  constructor(
    private readonly store: RevisionedStore,
    options: WatchCacheOptions = {},
  ) {
    this.historySize = options.historySize ?? 20_000;
    this.historyStart = store.revision;
    store.onChange((events) => this.publish(events));
  }

  /** The oldest revision a watch can start from. */
  get oldestResumableRevision(): number {
    return this.historyStart;
  }

  get watcherCount(): number {
    let n = 0;
    for (const set of this.watchers.values()) n += set.size;
    return n;
  }

  private publish(events: readonly ChangeEvent[]): void {
    for (const event of events) {
      this.history.push(event);
      const sinks = this.watchers.get(event.bucket);
      if (!sinks) continue;
      for (const sink of sinks) {
        if (!sink.send(event)) this.evict(event.bucket, sink, 'watcher could not keep up');
      }
    }
    if (this.history.length > this.historySize * 1.25) this.trim(this.history.length - this.historySize);
  }

  private trim(count: number): void {
    const dropped = this.history.slice(0, count);
    this.history = this.history.slice(count);
    this.historyStart = dropped[dropped.length - 1]?.rev ?? this.historyStart;
  }

  private evict(bucket: string, sink: WatchSink, reason: string): void {
    this.watchers.get(bucket)?.delete(sink);
    sink.close(reason);
  }

  /**
   * Starts delivering changes of `bucket` after revision `fromRev` (history first, then live).
   * Throws a 410 Expired StatusError when `fromRev` is older than history.
   */
  watch(bucket: string, fromRev: number, sink: WatchSink): () => void {
    if (fromRev < this.historyStart) {
      throw newResourceExpired(`too old resource version: ${fromRev} (${this.historyStart + 1})`);
    }
    for (let i = this.firstIndexAfter(fromRev); i < this.history.length; i++) {
      const event = this.history[i]!;
      if (event.bucket === bucket && !sink.send(event)) {
        sink.close('watcher could not keep up');
        return () => {};
      }
    }
    let sinks = this.watchers.get(bucket);
    if (!sinks) {
      sinks = new Set();
      this.watchers.set(bucket, sinks);
    }
    sinks.add(sink);
    return () => {
      this.watchers.get(bucket)?.delete(sink);
    };
  }

  /** The changes after `rev`, oldest first; undefined once history no longer reaches back to it. */
  changesAfter(rev: number): readonly ChangeEvent[] | undefined {
    if (rev < this.historyStart) return undefined;
    return this.history.slice(this.firstIndexAfter(rev));
  }

  private firstIndexAfter(rev: number): number {
    let lo = 0;
    let hi = this.history.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.history[mid]!.rev <= rev) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Forgets all history, as a compaction does: watches from older revisions now get 410. */
  compact(): void {
    this.history = [];
    this.historyStart = this.store.revision;
  }

  /** Closes every watcher (server shutdown). */
  closeAll(reason: string): void {
    for (const [bucket, sinks] of this.watchers) for (const sink of [...sinks]) this.evict(bucket, sink, reason);
  }
}

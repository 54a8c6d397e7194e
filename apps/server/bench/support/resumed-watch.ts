/**
 * A benchmark's watch on one collection that lasts as long as the benchmark needs it, the way
 * client-go's reflector and kube-rs' watcher keep theirs: LIST, then WATCH from the list's
 * resourceVersion (with bookmarks), and when the server ends the stream WATCH again from the last
 * resourceVersion seen; a 410 Gone ("too old resource version", the version was compacted or
 * fell out of the watch cache) sends it back to a LIST. The server is free to end any watch:
 * kube-apiserver's watch cache closes a watcher whose buffer stays full past its dispatch budget
 * ("Forcing watcher close due to unresponsiveness", cacher/cache_watcher.go) without an ERROR
 * event, and every watch at its timeout. A benchmark that stopped counting there would report a
 * server as slow when only its own watch had ended.
 *
 * Every restart, relist and error is kept in `history`, so a run that did not converge says why.
 */
import { WatchRefused, type ApiClient, type WatchEvent } from './api-client.ts';

export interface VersionedObject {
  metadata: { resourceVersion?: string };
}

export interface WatchHistory {
  collection: string;
  /** Events handed on (ADDED, MODIFIED, DELETED; LIST items count as ADDED). */
  events: number;
  /** Watches started after the first one: each time the server (or the network) ended one. */
  restarts: number;
  /** LISTs made, the first one included (each 410 Gone makes one more). */
  lists: number;
  lastResourceVersion: string | undefined;
  /** Why each watch ended and what went wrong, newest last (the last 20). */
  log: string[];
}

export type NextRequest = { kind: 'list'; path: string } | { kind: 'watch'; path: string };

const keptLog = 20;

/** The state machine alone: what to ask next, given what the server said so far. */
export class WatchResumption {
  private resourceVersion: string | undefined;
  private mustList = true;
  private watches = 0;
  readonly history: WatchHistory;

  constructor(readonly collection: string) {
    this.history = { collection, events: 0, restarts: 0, lists: 0, lastResourceVersion: undefined, log: [] };
  }

  next(): NextRequest {
    if (this.mustList || this.resourceVersion === undefined) return { kind: 'list', path: this.collection };
    const query = new URLSearchParams({ watch: '1', allowWatchBookmarks: 'true', resourceVersion: this.resourceVersion });
    return { kind: 'watch', path: `${this.collection}${this.collection.includes('?') ? '&' : '?'}${query}` };
  }

  /** A LIST's answer: its items are the state to hand on, its resourceVersion where the watch starts. */
  listed(list: { metadata: { resourceVersion?: string }; items: unknown[] }): void {
    this.resourceVersion = list.metadata.resourceVersion;
    this.history.lastResourceVersion = this.resourceVersion;
    this.mustList = false;
    this.history.lists += 1;
    this.history.events += list.items.length;
  }

  watchStarted(): void {
    if (this.watches > 0) this.history.restarts += 1;
    this.watches += 1;
  }

  /** Whether to hand the event on: BOOKMARKs and ERRORs only move the resumption. */
  accept(event: WatchEvent<VersionedObject>): boolean {
    if (event.type === 'ERROR') {
      const status = event.object as { code?: number; reason?: string; message?: string };
      this.record(`ERROR event: ${status.code ?? '?'} ${status.reason ?? ''} ${status.message ?? ''}`.trim());
      // 410 Gone: the version we would resume from is no longer served; only a LIST recovers.
      if (status.code === 410) this.mustList = true;
      return false;
    }
    const version = event.object.metadata?.resourceVersion;
    if (version) {
      this.resourceVersion = version;
      this.history.lastResourceVersion = version;
    }
    if (event.type === 'BOOKMARK') return false;
    this.history.events += 1;
    return true;
  }

  /** Wants a LIST before the next watch (a 410 was seen): the current stream is of no more use. */
  get listing(): boolean {
    return this.mustList;
  }

  ended(reason: string): void {
    this.record(`watch from ${this.resourceVersion ?? 'now'} ended: ${reason}`);
  }

  failed(error: unknown): void {
    if (error instanceof WatchRefused && error.status === 410) this.mustList = true;
    this.record(`request failed: ${error instanceof Error ? error.message : String(error)}`);
  }

  private record(line: string): void {
    this.history.log.push(`${new Date().toISOString()} ${line}`);
    if (this.history.log.length > keptLog) this.history.log.shift();
  }
}

/**
 * Watches `collection` until closed, handing every ADDED/MODIFIED/DELETED (and a LIST's items as
 * ADDED) to `onEvent`. Resolves once the first watch is established, so nothing made after that
 * is missed.
 */
export async function resumedWatch<T extends VersionedObject>(
  client: ApiClient,
  collection: string,
  onEvent: (event: WatchEvent<T>, receivedAt: number) => void,
): Promise<{ close(): void; history: WatchHistory }> {
  const resumption = new WatchResumption(collection);
  let closed = false;
  let current: { close(): void } | undefined;
  let wake: (() => void) | undefined;
  const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

  const step = async (): Promise<void> => {
    const request = resumption.next();
    if (request.kind === 'list') {
      const res = await client.send('GET', request.path);
      if (res.status !== 200) throw new Error(`LIST ${request.path}: HTTP ${res.status} ${res.body.slice(0, 300)}`);
      const list = JSON.parse(res.body) as { metadata: { resourceVersion?: string }; items: T[] };
      const at = performance.timeOrigin + performance.now();
      for (const object of list.items) onEvent({ type: 'ADDED', object }, at);
      resumption.listed(list);
      return;
    }
    const ended = new Promise<string>((resolve) => {
      wake = () => resolve('closed by the benchmark');
      void client
        .watch<T>(
          request.path,
          (event, at) => {
            if (resumption.accept(event)) onEvent(event, at);
            else if (resumption.listing) current?.close();
          },
          resolve,
        )
        .then((watch) => {
          current = watch;
          resumption.watchStarted();
          established();
        })
        .catch((error: unknown) => {
          resumption.failed(error);
          resolve('not started');
        });
    });
    resumption.ended(await ended);
    // The next watch follows at once, as a reflector's does, but never in a tight loop.
    if (!closed) await pause(50);
  };

  let established: () => void = () => undefined;
  const firstWatch = new Promise<void>((resolve) => (established = resolve));
  const loop = (async () => {
    while (!closed) {
      try {
        await step();
      } catch (error) {
        resumption.failed(error);
        // A failing server is asked again, not hammered.
        await pause(500);
      }
    }
  })();
  await Promise.race([firstWatch, loop]);
  return {
    history: resumption.history,
    close() {
      closed = true;
      current?.close();
      wake?.();
    },
  };
}

/**
 * List + watch as an explicit state machine (kube-rs' `watcher`):
 *
 *   Empty -> InitListing -> InitListed{rv} -> Watching{rv}
 *                ^                ^               |
 *                |                +---------------+  stream ended or failed: watch again from rv
 *                +--------------------------------+  410 Gone / Expired: relist
 *
 * Promises:
 * - Never loses an update: a watch resumes from the last resourceVersion it saw (events and
 *   BOOKMARKs both advance it), and when that version is too old (410) the watcher relists and
 *   emits `Restarted` with the complete current set, so a store that replaces itself wholesale
 *   converges to a fresh LIST after any sequence of dropped connections.
 * - Failed lists and watches are retried after an exponential backoff with jitter, on the
 *   injected clock; a success resets it. The watcher never gives up: errors are reported, not
 *   thrown.
 *
 * Misuse: one consumer per `events()` call; the events of two calls are unrelated streams.
 */
import { isGone, type KubeList, type KubeObject } from '@dojo/kube-api';
import { realClock, type Clock } from '../clock/clock.ts';
import { ExponentialBackoff, type BackoffOptions } from './backoff.ts';
import type { ListerWatcher } from './lister-watcher.ts';

export type WatcherState =
  | { readonly phase: 'Empty' }
  | { readonly phase: 'InitListing' }
  | { readonly phase: 'InitListed'; readonly resourceVersion: string }
  | { readonly phase: 'Watching'; readonly resourceVersion: string };

export type WatcherEvent<T extends KubeObject = KubeObject> =
  /** A (re)list finished: these are all the objects; anything else a store holds is gone. */
  | { readonly type: 'Restarted'; readonly objects: readonly T[]; readonly resourceVersion: string }
  | { readonly type: 'Added' | 'Modified' | 'Deleted'; readonly object: T };

export interface WatcherCounters {
  /** Complete lists (the first one and every relist). */
  readonly lists: number;
  /** Watch requests opened. */
  readonly watches: number;
  /** Relists forced by 410 Gone / Expired. */
  readonly expired: number;
  /** Failed lists and watches (each followed by a backoff). */
  readonly errors: number;
}

export interface WatcherOptions {
  clock?: Clock;
  backoff?: BackoffOptions;
  /** Objects per LIST page (default 500); 0 lists in one request. */
  pageSize?: number;
  /** Server-side timeout of each watch request; default 5-10 min at random, as client-go. */
  watchTimeoutSeconds?: () => number;
  /** Called for every failure with the delay before the retry. */
  onError?: (error: unknown, retryInMs: number) => void;
}

const defaultWatchTimeout = (): number => Math.floor(300 * (1 + Math.random()));

export class Watcher<T extends KubeObject = KubeObject> {
  readonly #source: ListerWatcher<T>;
  readonly #clock: Clock;
  readonly #backoff: ExponentialBackoff;
  readonly #pageSize: number;
  readonly #watchTimeout: () => number;
  readonly #onError: ((error: unknown, retryInMs: number) => void) | undefined;
  #state: WatcherState = { phase: 'Empty' };
  #counters = { lists: 0, watches: 0, expired: 0, errors: 0 };
  #lastError: unknown;

  constructor(source: ListerWatcher<T>, options: WatcherOptions = {}) {
    this.#source = source;
    this.#clock = options.clock ?? realClock;
    this.#backoff = new ExponentialBackoff(options.backoff);
    this.#pageSize = options.pageSize ?? 500;
    this.#watchTimeout = options.watchTimeoutSeconds ?? defaultWatchTimeout;
    this.#onError = options.onError;
  }

  get state(): WatcherState {
    return this.#state;
  }

  counters(): WatcherCounters {
    return { ...this.#counters };
  }

  /** The most recent failure, cleared by the next success. */
  get lastError(): unknown {
    return this.#lastError;
  }

  /** Runs the state machine until `signal` aborts, yielding what the store must apply. */
  async *events(signal: AbortSignal): AsyncGenerator<WatcherEvent<T>> {
    this.#state = { phase: 'Empty' };
    while (!signal.aborted) {
      const state = this.#state;
      if (state.phase === 'Empty' || state.phase === 'InitListing') {
        this.#state = { phase: 'InitListing' };
        const listed = await this.#attempt(() => this.#listAll(signal), signal);
        if (!listed) continue;
        const resourceVersion = listed.metadata.resourceVersion ?? '';
        this.#counters.lists++;
        this.#state = { phase: 'InitListed', resourceVersion };
        yield { type: 'Restarted', objects: listed.items, resourceVersion };
      } else {
        yield* this.#watchFrom(state.resourceVersion, signal);
      }
    }
  }

  /** One watch request: ends back in InitListed{rv} (resume), or Empty after a 410 (relist). */
  async *#watchFrom(resourceVersion: string, signal: AbortSignal): AsyncGenerator<WatcherEvent<T>> {
    let rv = resourceVersion;
    this.#counters.watches++;
    this.#state = { phase: 'Watching', resourceVersion: rv };
    try {
      const stream = this.#source.watch({ resourceVersion: rv, allowWatchBookmarks: true, timeoutSeconds: this.#watchTimeout(), signal });
      for await (const event of stream) {
        rv = event.object.metadata.resourceVersion || rv;
        this.#state = { phase: 'Watching', resourceVersion: rv };
        this.#succeeded();
        if (event.type === 'ADDED') yield { type: 'Added', object: event.object };
        else if (event.type === 'MODIFIED') yield { type: 'Modified', object: event.object };
        else if (event.type === 'DELETED') yield { type: 'Deleted', object: event.object };
      }
      // The server closed the stream (its timeout, or a restart): watch again from where we are.
      this.#state = { phase: 'InitListed', resourceVersion: rv };
    } catch (error) {
      if (signal.aborted) return;
      if (isGone(error)) {
        // History no longer reaches back to rv: only a fresh list can say what changed.
        this.#counters.expired++;
        this.#lastError = error;
        this.#state = { phase: 'Empty' };
        return;
      }
      this.#state = { phase: 'InitListed', resourceVersion: rv };
      await this.#fail(error, signal);
    }
  }

  async #listAll(signal: AbortSignal): Promise<KubeList<T>> {
    const first = await this.#source.list({ ...(this.#pageSize > 0 ? { limit: this.#pageSize } : {}), signal });
    const items = [...first.items];
    for (let next = first.metadata.continue; next;) {
      const page = await this.#source.list({ limit: this.#pageSize, continue: next, signal });
      items.push(...page.items);
      next = page.metadata.continue;
    }
    // Later pages may be newer than the first; the watch replays from the first page's version.
    return { ...first, metadata: { resourceVersion: first.metadata.resourceVersion }, items };
  }

  async #attempt<R>(fn: () => Promise<R>, signal: AbortSignal): Promise<R | undefined> {
    try {
      const result = await fn();
      this.#succeeded();
      return result;
    } catch (error) {
      if (!signal.aborted) await this.#fail(error, signal);
      return undefined;
    }
  }

  #succeeded(): void {
    this.#backoff.reset();
    this.#lastError = undefined;
  }

  async #fail(error: unknown, signal: AbortSignal): Promise<void> {
    const delay = this.#backoff.next();
    this.#counters.errors++;
    this.#lastError = error;
    this.#onError?.(error, delay);
    await this.#clock.sleep(delay, signal).catch(() => undefined);
  }
}

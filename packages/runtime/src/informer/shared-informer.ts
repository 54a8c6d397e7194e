/**
 * One watch of one type, shared by every controller that cares about it (client-go's
 * SharedIndexInformer): a Watcher feeds a Store, and each change is handed to every
 * registered handler with the object before and after.
 *
 * Promises:
 * - The store is written only here, in watch order; handlers run after the store has the
 *   change, so a handler reading the store sees at least that version.
 * - After a relist, handlers hear what changed while the watch was down: adds, updates (only
 *   for objects whose resourceVersion moved) and deletes with `stateUnknown` (the final state
 *   was never seen).
 * - A handler registered late first hears an add for every object already cached.
 * - `hasSynced()` turns true once the first complete list is in the store, and stays true.
 * - Every change lands in the journal as a `watch-event` record; a condition whose status
 *   moved as a `condition-transition` record.
 *
 * Misuse: handlers run synchronously in the watch loop; keep them quick (enqueue a key) and
 * never mutate the objects they receive.
 */
import { identityOf, objectKeyOf, type KubeObject, type WatchEventType } from '@dojo/kube-api';
import { realClock, type Clock, type Timer } from '../clock/clock.ts';
import type { ResourceType } from '../client/resource-type.ts';
import type { Journal } from '../telemetry/journal.ts';
import type { ListerWatcher } from '../watcher/lister-watcher.ts';
import { Watcher, type WatcherCounters, type WatcherEvent, type WatcherOptions, type WatcherState } from '../watcher/watcher.ts';
import { conditionTransitions } from './condition-transitions.ts';
import { defaultIndexers } from './indexers.ts';
import { Store, type IndexFunc, type ReadableStore } from './store.ts';

export interface ResourceEventHandler<T extends KubeObject = KubeObject> {
  /** `initialList`: the object came with the informer's first list, not a watch event. */
  onAdd?(object: T, context: { readonly initialList: boolean }): void;
  /** `resync`: a periodic resync re-delivered an unchanged object (`old === object`). */
  onUpdate?(old: T, object: T, context: { readonly resync: boolean }): void;
  /** `stateUnknown`: the delete was inferred from a relist, so `object` is the last seen version. */
  onDelete?(object: T, context: { readonly stateUnknown: boolean }): void;
}

export interface SharedInformerOptions<T extends KubeObject = KubeObject> {
  clock?: Clock;
  journal?: Journal;
  /** Re-deliver every cached object as an update this often (client-go's resync); off by default. */
  resyncPeriodMs?: number;
  /** Indexes beyond the default namespace and owner-uid ones. */
  indexers?: Record<string, IndexFunc<T>>;
  watcher?: WatcherOptions;
  /** Applied to each object before it is stored, e.g. to drop fields nobody reads. */
  transform?: (object: T) => T;
}

export interface InformerState {
  readonly kind: string;
  readonly resource: string;
  readonly synced: boolean;
  readonly objects: number;
  readonly handlers: number;
  readonly watcher: WatcherState;
  readonly counters: WatcherCounters;
  readonly lastError?: string;
}

export class SharedInformer<T extends KubeObject = KubeObject> {
  readonly type: ResourceType;
  readonly #store: Store<T>;
  readonly #watcher: Watcher<T>;
  readonly #handlers = new Set<ResourceEventHandler<T>>();
  readonly #clock: Clock;
  readonly #journal: Journal | undefined;
  readonly #resyncPeriodMs: number | undefined;
  readonly #transform: (object: T) => T;
  readonly #synced: Promise<void>;
  #markSynced: () => void = () => {};
  #isSynced = false;
  #abort: AbortController | undefined;
  #loop: Promise<void> | undefined;
  #resyncTimer: Timer | undefined;

  constructor(type: ResourceType, source: ListerWatcher<T>, options: SharedInformerOptions<T> = {}) {
    this.type = type;
    this.#clock = options.clock ?? realClock;
    this.#journal = options.journal;
    this.#resyncPeriodMs = options.resyncPeriodMs;
    this.#transform = options.transform ?? ((object) => object);
    this.#store = new Store<T>({ ...defaultIndexers, ...options.indexers });
    this.#watcher = new Watcher(source, { clock: this.#clock, ...options.watcher });
    this.#synced = new Promise((resolve) => (this.#markSynced = resolve));
  }

  /** The cache. It may be stale; never mutate what it returns. */
  get store(): ReadableStore<T> {
    return this.#store;
  }

  /** Registers a handler; returns the function that removes it. */
  addEventHandler(handler: ResourceEventHandler<T>): () => void {
    this.#handlers.add(handler);
    if (this.#isSynced) for (const object of this.#store.list()) this.#call(() => handler.onAdd?.(object, { initialList: true }));
    return () => void this.#handlers.delete(handler);
  }

  addIndexer(name: string, fn: IndexFunc<T>): void {
    this.#store.addIndexer(name, fn);
  }

  /** Starts listing and watching in the background; a no-op while running. */
  start(): void {
    if (this.#abort) return;
    const abort = new AbortController();
    this.#abort = abort;
    this.#loop = this.#run(abort.signal);
    this.#armResync();
  }

  async stop(): Promise<void> {
    this.#abort?.abort();
    this.#resyncTimer?.cancel();
    await this.#loop;
    this.#abort = undefined;
    this.#loop = undefined;
  }

  hasSynced(): boolean {
    return this.#isSynced;
  }

  /** Resolves once the first complete list is in the store; rejects if `signal` aborts first. */
  waitForSync(signal?: AbortSignal): Promise<void> {
    if (this.#isSynced || !signal) return this.#synced;
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const onAbort = (): void => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      void this.#synced.then(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      });
    });
  }

  state(): InformerState {
    const error = this.#watcher.lastError;
    return {
      kind: this.type.kind,
      resource: this.type.resource,
      synced: this.#isSynced,
      objects: this.#store.size,
      handlers: this.#handlers.size,
      watcher: this.#watcher.state,
      counters: this.#watcher.counters(),
      ...(error === undefined ? {} : { lastError: error instanceof Error ? error.message : String(error) }),
    };
  }

  async #run(signal: AbortSignal): Promise<void> {
    for await (const event of this.#watcher.events(signal)) {
      try {
        this.#apply(event);
      } catch (error) {
        // Only a throwing `transform` can land here; the watch must go on for everything else.
        process.emitWarning(`informer ${this.type.resource} could not apply a ${event.type} event: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  #apply(event: WatcherEvent<T>): void {
    if (event.type === 'Restarted') {
      this.#replace(event.objects);
      return;
    }
    const object = this.#transform(event.object);
    if (event.type === 'Deleted') {
      // A delete for an object never seen (possible after a paginated list) tells nobody anything.
      if (!this.#store.remove(objectKeyOf(object))) return;
      this.#record('DELETED', object);
      this.#dispatch((h) => h.onDelete?.(object, { stateUnknown: false }));
      return;
    }
    const old = this.#store.upsert(object);
    this.#record(old ? 'MODIFIED' : 'ADDED', object);
    this.#recordConditions(old, object);
    if (old) this.#dispatch((h) => h.onUpdate?.(old, object, { resync: false }));
    else this.#dispatch((h) => h.onAdd?.(object, { initialList: false }));
  }

  /** A complete list: the store becomes exactly these objects, and handlers hear the difference. */
  #replace(listed: readonly T[]): void {
    const initialList = !this.#isSynced;
    const fresh = new Map<string, T>();
    for (const object of listed) fresh.set(objectKeyOf(object), this.#transform(object));
    for (const key of this.#store.keys()) {
      if (fresh.has(key)) continue;
      const old = this.#store.remove(key)!;
      this.#record('DELETED', old);
      this.#dispatch((h) => h.onDelete?.(old, { stateUnknown: true }));
    }
    for (const object of fresh.values()) {
      const old = this.#store.upsert(object);
      if (!old) {
        this.#record('ADDED', object);
        this.#dispatch((h) => h.onAdd?.(object, { initialList }));
      } else if (old.metadata.resourceVersion !== object.metadata.resourceVersion) {
        this.#record('MODIFIED', object);
        this.#recordConditions(old, object);
        this.#dispatch((h) => h.onUpdate?.(old, object, { resync: false }));
      }
    }
    if (!this.#isSynced) {
      this.#isSynced = true;
      this.#markSynced();
    }
  }

  #armResync(): void {
    const period = this.#resyncPeriodMs;
    if (!period || period <= 0) return;
    this.#resyncTimer = this.#clock.setTimer(period, () => {
      if (!this.#abort) return;
      if (this.#isSynced) {
        for (const object of this.#store.list()) this.#dispatch((h) => h.onUpdate?.(object, object, { resync: true }));
      }
      this.#armResync();
    });
  }

  #record(event: WatchEventType, object: T): void {
    this.#journal?.append({
      type: 'watch-event',
      key: objectKeyOf(object),
      event,
      kind: this.type.kind,
      object: identityOf(object, this.type),
      ...(object.metadata.resourceVersion ? { resourceVersion: object.metadata.resourceVersion } : {}),
      ...(object.metadata.generation === undefined ? {} : { generation: object.metadata.generation }),
    });
  }

  #recordConditions(old: T | undefined, object: T): void {
    if (!this.#journal || !object.status) return;
    for (const transition of conditionTransitions(this.type, old, object)) this.#journal.append(transition);
  }

  #dispatch(deliver: (handler: ResourceEventHandler<T>) => void): void {
    for (const handler of this.#handlers) this.#call(() => deliver(handler));
  }

  // One handler's bug must not starve the others or stop the watch.
  #call(fn: () => void): void {
    try {
      fn();
    } catch (error) {
      process.emitWarning(`informer ${this.type.resource} handler failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/**
 * An informer's cache of one type: objects by key ("namespace/name") plus indexes
 * (client-go's `cache.Indexer`). One writer — the informer that owns it — and many readers.
 *
 * This is a cache and may be stale: it holds what the watch has delivered so far, which can
 * lag the API server by any amount. Never use a cached read as a precondition for a write
 * (send the resourceVersion and let a 409 say it was stale), and never mutate a returned
 * object: it is the cache's own copy, shared with every reader.
 */
import { objectKeyOf, type KubeObject } from '@dojo/kube-api';

/** The index values of an object (an object may sit under several, or none). */
export type IndexFunc<T extends KubeObject = KubeObject> = (object: T) => readonly string[];

export interface ReadableStore<T extends KubeObject = KubeObject> {
  get(key: string): T | undefined;
  list(): T[];
  keys(): string[];
  /** Objects whose index function returned `value`. */
  byIndex(index: string, value: string): T[];
  /** How many objects `byIndex` would return, without building the list. */
  countByIndex(index: string, value: string): number;
  readonly size: number;
}

export class Store<T extends KubeObject = KubeObject> implements ReadableStore<T> {
  readonly #items = new Map<string, T>();
  readonly #indexers = new Map<string, IndexFunc<T>>();
  // index name -> index value -> keys
  readonly #indexes = new Map<string, Map<string, Set<string>>>();

  constructor(indexers: Record<string, IndexFunc<T>> = {}) {
    for (const [name, fn] of Object.entries(indexers)) this.addIndexer(name, fn);
  }

  get size(): number {
    return this.#items.size;
  }

  /** Adds an index and fills it from what the store already holds. */
  addIndexer(name: string, fn: IndexFunc<T>): void {
    if (this.#indexers.has(name)) throw new Error(`indexer "${name}" already exists`);
    this.#indexers.set(name, fn);
    const index = new Map<string, Set<string>>();
    this.#indexes.set(name, index);
    for (const [key, object] of this.#items) addTo(index, fn(object), key);
  }

  get(key: string): T | undefined {
    return this.#items.get(key);
  }

  list(): T[] {
    return [...this.#items.values()];
  }

  keys(): string[] {
    return [...this.#items.keys()];
  }

  byIndex(index: string, value: string): T[] {
    const out: T[] = [];
    for (const key of this.#indexed(index, value)) {
      const object = this.#items.get(key);
      if (object) out.push(object);
    }
    return out;
  }

  countByIndex(index: string, value: string): number {
    return this.#indexed(index, value).size;
  }

  #indexed(index: string, value: string): ReadonlySet<string> {
    const entries = this.#indexes.get(index);
    if (!entries) throw new Error(`no indexer "${index}"`);
    return entries.get(value) ?? noKeys;
  }

  /** Adds or replaces an object; returns the one it replaced. */
  upsert(object: T): T | undefined {
    const key = objectKeyOf(object);
    const old = this.#items.get(key);
    if (old) this.#unindex(key, old);
    this.#items.set(key, object);
    this.#index(key, object);
    return old;
  }

  /** Removes the object with this key; returns it. */
  remove(key: string): T | undefined {
    const old = this.#items.get(key);
    if (!old) return undefined;
    this.#unindex(key, old);
    this.#items.delete(key);
    return old;
  }

  #index(key: string, object: T): void {
    for (const [name, fn] of this.#indexers) addTo(this.#indexes.get(name)!, fn(object), key);
  }

  #unindex(key: string, object: T): void {
    for (const [name, fn] of this.#indexers) {
      const index = this.#indexes.get(name)!;
      for (const value of fn(object)) {
        const keys = index.get(value);
        keys?.delete(key);
        if (keys?.size === 0) index.delete(value);
      }
    }
  }
}

const noKeys: ReadonlySet<string> = new Set();

function addTo(index: Map<string, Set<string>>, values: readonly string[], key: string): void {
  for (const value of values) {
    let keys = index.get(value);
    if (!keys) index.set(value, (keys = new Set()));
    keys.add(key);
  }
}

/**
 * One shared copy of values that repeat across many long-held records (a writer, a list of
 * changed paths): records parsed from the request journal each bring their own copy, and a
 * window of 100,000 writes kept them all. Shared values are read, never mutated.
 *
 * Bounded: past `capacity` distinct values new ones are handed back unshared (nothing is lost,
 * they only cost their own copy), so a stream of unique values cannot grow the table.
 */
export class SharedValues<T> {
  readonly #capacity: number;
  readonly #byKey = new Map<string, T>();

  constructor(capacity = 10_000) {
    this.#capacity = capacity;
  }

  /** The shared copy of the value `key` names; `value` itself when it is new. */
  share(key: string, value: T): T {
    const shared = this.#byKey.get(key);
    if (shared !== undefined) return shared;
    if (this.#byKey.size < this.#capacity) this.#byKey.set(key, value);
    return value;
  }
}

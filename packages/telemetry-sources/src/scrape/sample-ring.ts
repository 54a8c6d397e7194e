/** The last `capacity` values pushed, oldest first: depth over time without unbounded growth. */
export class SampleRing<T> {
  readonly #items: T[] = [];
  readonly #capacity: number;
  #start = 0;

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`a SampleRing needs a capacity of at least 1, not ${capacity}`);
    this.#capacity = capacity;
  }

  push(item: T): void {
    if (this.#items.length < this.#capacity) this.#items.push(item);
    else {
      this.#items[this.#start] = item;
      this.#start = (this.#start + 1) % this.#capacity;
    }
  }

  toArray(): T[] {
    return [...this.#items.slice(this.#start), ...this.#items.slice(0, this.#start)];
  }

  get size(): number {
    return this.#items.length;
  }
}

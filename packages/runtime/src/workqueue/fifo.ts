/**
 * A growable ring buffer: O(1) push and shift, where `Array.prototype.shift` is O(n) once an
 * array is large. The workqueue's FIFO order lives here.
 */
export class Fifo<T> {
  #items: (T | undefined)[] = new Array<T | undefined>(16);
  #head = 0;
  #size = 0;

  get size(): number {
    return this.#size;
  }

  push(item: T): void {
    if (this.#size === this.#items.length) this.#grow();
    this.#items[(this.#head + this.#size) & (this.#items.length - 1)] = item;
    this.#size++;
  }

  shift(): T | undefined {
    if (this.#size === 0) return undefined;
    const item = this.#items[this.#head];
    this.#items[this.#head] = undefined;
    this.#head = (this.#head + 1) & (this.#items.length - 1);
    this.#size--;
    return item;
  }

  *[Symbol.iterator](): IterableIterator<T> {
    for (let i = 0; i < this.#size; i++) {
      yield this.#items[(this.#head + i) & (this.#items.length - 1)] as T;
    }
  }

  // Capacity stays a power of two so that wrapping is a mask, not a modulo.
  #grow(): void {
    const next = new Array<T | undefined>(this.#items.length * 2);
    for (let i = 0; i < this.#size; i++) next[i] = this.#items[(this.#head + i) & (this.#items.length - 1)];
    this.#items = next;
    this.#head = 0;
  }
}

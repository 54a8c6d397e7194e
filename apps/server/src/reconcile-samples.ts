/**
 * A controller's recent reconciles (when each ended, how long it took, whether it failed), as
 * three typed-array columns in a ring: what the rolling statistics of ConsoleControllers read.
 * As objects they cost ~56 bytes each (an object per sample and its array slot; with 13
 * controllers at the cap that was 18 MB of the console's heap at 10,000 Dojos), as columns 17.
 *
 * Bounded: the newest `capacity` samples. Older ones are overwritten, which only matters for a
 * controller that ends more than `capacity` reconciles within the statistics' window; `dropped`
 * counts them so a reader can say its window is short.
 */
export interface ReconcileSample {
  at: number;
  durationMs: number;
  failed: boolean;
}

export class ReconcileSamples {
  readonly capacity: number;
  #at: Float64Array;
  #duration: Float64Array;
  #failed: Uint8Array;
  /** Index of the oldest sample, and how many are held. */
  #start = 0;
  #size = 0;
  #dropped = 0;

  constructor(capacity: number, initial = Math.min(capacity, 1024)) {
    this.capacity = capacity;
    this.#at = new Float64Array(initial);
    this.#duration = new Float64Array(initial);
    this.#failed = new Uint8Array(initial);
  }

  get size(): number {
    return this.#size;
  }

  /** Samples overwritten because the ring was full. */
  get dropped(): number {
    return this.#dropped;
  }

  push(sample: ReconcileSample): void {
    if (this.#size === this.#at.length && this.#size < this.capacity) this.#grow();
    let index: number;
    if (this.#size < this.#at.length) {
      index = (this.#start + this.#size) % this.#at.length;
      this.#size++;
    } else {
      index = this.#start;
      this.#start = (this.#start + 1) % this.#at.length;
      this.#dropped++;
    }
    this.#at[index] = sample.at;
    this.#duration[index] = sample.durationMs;
    this.#failed[index] = sample.failed ? 1 : 0;
  }

  /** The samples that ended at or after `since`, oldest first. */
  since(since: number): ReconcileSample[] {
    const out: ReconcileSample[] = [];
    const length = this.#at.length;
    for (let i = 0; i < this.#size; i++) {
      const index = (this.#start + i) % length;
      const at = this.#at[index]!;
      if (at >= since) out.push({ at, durationMs: this.#duration[index]!, failed: this.#failed[index] === 1 });
    }
    return out;
  }

  #grow(): void {
    const length = Math.min(this.capacity, this.#at.length * 2);
    const copy = <T extends Float64Array | Uint8Array>(from: T, to: T): T => {
      for (let i = 0; i < this.#size; i++) to[i] = from[(this.#start + i) % from.length]!;
      return to;
    };
    this.#at = copy(this.#at, new Float64Array(length));
    this.#duration = copy(this.#duration, new Float64Array(length));
    this.#failed = copy(this.#failed, new Uint8Array(length));
    this.#start = 0;
  }
}

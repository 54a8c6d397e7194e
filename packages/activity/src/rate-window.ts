/**
 * Events per second over a sliding window of whole seconds: constant memory at any rate. Over
 * the window, or since `since` when that is shorter (a loop that began 2 s ago is not diluted
 * over 10).
 */
export class RateWindow {
  readonly #seconds: number;
  readonly #counts: number[];
  readonly #stamps: number[];

  constructor(seconds = 10) {
    this.#seconds = seconds;
    this.#counts = new Array<number>(seconds).fill(0);
    this.#stamps = new Array<number>(seconds).fill(-1);
  }

  add(time: number, n = 1): void {
    const second = Math.floor(time / 1000);
    const slot = second % this.#seconds;
    if (this.#stamps[slot] !== second) {
      this.#stamps[slot] = second;
      this.#counts[slot] = 0;
    }
    this.#counts[slot]! += n;
  }

  /** The mean rate over the window that ends at `now` (or since `since`, at least one second). */
  perSecond(now: number, since = -Infinity): number {
    const current = Math.floor(now / 1000);
    let total = 0;
    for (let i = 0; i < this.#seconds; i++) {
      const stamp = this.#stamps[i]!;
      if (stamp > current - this.#seconds && stamp <= current) total += this.#counts[i]!;
    }
    const seconds = Math.min(this.#seconds, Math.max(1, Math.ceil((now - since) / 1000)));
    return Math.round((total / seconds) * 100) / 100;
  }
}

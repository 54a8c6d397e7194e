/**
 * Exponential backoff with jitter, as client-go's reflector uses between failed lists and
 * watches: 800 ms doubling to 30 s, each delay stretched by up to 100% at random so that many
 * clients cut off together (a server restart) do not come back in lockstep.
 */

export interface BackoffOptions {
  initialMs?: number;
  maxMs?: number;
  factor?: number;
  /** The delay is `base * (1 + jitter * random())`; 0 turns jitter off. */
  jitter?: number;
  /** Injected for tests; Math.random by default. */
  random?: () => number;
}

export class ExponentialBackoff {
  readonly #initialMs: number;
  readonly #maxMs: number;
  readonly #factor: number;
  readonly #jitter: number;
  readonly #random: () => number;
  #attempts = 0;

  constructor(options: BackoffOptions = {}) {
    this.#initialMs = options.initialMs ?? 800;
    this.#maxMs = options.maxMs ?? 30_000;
    this.#factor = options.factor ?? 2;
    this.#jitter = options.jitter ?? 1;
    this.#random = options.random ?? Math.random;
  }

  /** Failures since the last reset. */
  get attempts(): number {
    return this.#attempts;
  }

  /** The delay before the next attempt; each call counts one more failure. */
  next(): number {
    const base = Math.min(this.#maxMs, this.#initialMs * this.#factor ** this.#attempts);
    this.#attempts++;
    return base * (1 + this.#jitter * this.#random());
  }

  /** Called on success: the next failure waits the initial delay again. */
  reset(): void {
    this.#attempts = 0;
  }
}

/**
 * How long a failing key waits before its next try (client-go's `default_rate_limiters.go`).
 * Delays are milliseconds.
 */
import { realClock, type Clock } from '../clock/clock.ts';

export interface RateLimiter {
  /** How long to wait before the key's next try; counts the try. */
  when(key: string): number;
  /** The key succeeded: stop tracking it (its next failure starts from the base delay). */
  forget(key: string): void;
  /** How many times the key has been rate-limited since it was last forgotten. */
  numRequeues(key: string): number;
}

/** `baseDelayMs * 2^failures`, capped at `maxDelayMs`, per key. */
export class ItemExponentialFailureRateLimiter implements RateLimiter {
  readonly #failures = new Map<string, number>();

  constructor(
    readonly baseDelayMs: number,
    readonly maxDelayMs: number,
  ) {}

  when(key: string): number {
    const exp = this.#failures.get(key) ?? 0;
    this.#failures.set(key, exp + 1);
    // 2 ** exp grows to Infinity rather than overflowing, so the cap always holds.
    return Math.min(this.baseDelayMs * 2 ** exp, this.maxDelayMs);
  }

  forget(key: string): void {
    this.#failures.delete(key);
  }

  numRequeues(key: string): number {
    return this.#failures.get(key) ?? 0;
  }
}

export interface BucketRateLimiterOptions {
  qps: number;
  burst: number;
  clock?: Clock;
}

/**
 * One token bucket shared by all keys (`golang.org/x/time/rate`'s `Limiter`, used through
 * `Reserve`): every `when` takes a token, borrowing from the future when the bucket is empty,
 * and returns how long until that token exists. The bucket starts full.
 */
export class BucketRateLimiter implements RateLimiter {
  readonly qps: number;
  readonly burst: number;
  readonly #clock: Clock;
  #tokens: number;
  #last: number;

  constructor(options: BucketRateLimiterOptions) {
    this.qps = options.qps;
    this.burst = options.burst;
    this.#clock = options.clock ?? realClock;
    this.#tokens = options.burst;
    this.#last = this.#clock.now();
  }

  when(_key: string): number {
    const now = this.#clock.now();
    const elapsed = Math.max(0, now - this.#last);
    this.#tokens = Math.min(this.burst, this.#tokens + (elapsed * this.qps) / 1000);
    this.#last = now;
    this.#tokens -= 1;
    return this.#tokens >= 0 ? 0 : (-this.#tokens * 1000) / this.qps;
  }

  forget(_key: string): void {}

  numRequeues(_key: string): number {
    return 0;
  }
}

/** The longest delay any of its limiters asks for; every limiter counts every try. */
export class MaxOfRateLimiter implements RateLimiter {
  readonly #limiters: readonly RateLimiter[];

  constructor(...limiters: RateLimiter[]) {
    this.#limiters = limiters;
  }

  when(key: string): number {
    let longest = 0;
    for (const limiter of this.#limiters) longest = Math.max(longest, limiter.when(key));
    return longest;
  }

  forget(key: string): void {
    for (const limiter of this.#limiters) limiter.forget(key);
  }

  numRequeues(key: string): number {
    let most = 0;
    for (const limiter of this.#limiters) most = Math.max(most, limiter.numRequeues(key));
    return most;
  }
}

/**
 * controller-runtime's default: per-key exponential backoff from 5 ms to 1000 s, and an overall
 * 10 qps / burst 100 bucket so that many failing keys cannot flood the API server.
 */
export function defaultControllerRateLimiter(clock: Clock = realClock): RateLimiter {
  return new MaxOfRateLimiter(new ItemExponentialFailureRateLimiter(5, 1000 * 1000), new BucketRateLimiter({ qps: 10, burst: 100, clock }));
}

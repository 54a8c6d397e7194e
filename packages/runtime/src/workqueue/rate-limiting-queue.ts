/**
 * A delaying queue that asks a `RateLimiter` how long a failing key waits (client-go's
 * `rate_limiting_queue.go`): `addRateLimited(key)` is `addAfter(key, limiter.when(key))`, and
 * `forget(key)` is how a controller says the key succeeded.
 */
import type { DelayOutcome, RateLimitingQueueSnapshot } from '@dojo/console-protocol';
import { realClock } from '../clock/clock.ts';
import { DelayingWorkQueue, type DelayingQueue, type DelayingQueueOptions } from './delaying-queue.ts';
import { defaultControllerRateLimiter, type RateLimiter } from './rate-limiters.ts';
import type { Trigger } from './trigger.ts';
import { WrappedQueue } from './wrapped-queue.ts';

/** What `addRateLimited` did: the delay it chose and the retry count it implies. */
export interface RateLimitedAdd {
  readonly delayMs: number;
  readonly retries: number;
  readonly outcome: DelayOutcome;
}

export interface RateLimitingQueue extends DelayingQueue {
  addRateLimited(key: string, trigger?: Trigger): RateLimitedAdd;
  forget(key: string): void;
  numRequeues(key: string): number;
  snapshot(): RateLimitingQueueSnapshot;
}

export interface RateLimitingQueueOptions extends DelayingQueueOptions {
  /** Defaults to `defaultControllerRateLimiter(clock)`. */
  rateLimiter?: RateLimiter;
  /** The delaying queue to wrap; by default a new `DelayingWorkQueue` with the same options. */
  delayingQueue?: DelayingQueue;
}

export class RateLimitingWorkQueue extends WrappedQueue<DelayingQueue> implements RateLimitingQueue {
  readonly #limiter: RateLimiter;

  constructor(options: RateLimitingQueueOptions = {}) {
    super(options.delayingQueue ?? new DelayingWorkQueue(options));
    this.#limiter = options.rateLimiter ?? defaultControllerRateLimiter(options.clock ?? realClock);
  }

  addRateLimited(key: string, trigger?: Trigger): RateLimitedAdd {
    const delayMs = this.#limiter.when(key);
    return { delayMs, retries: this.#limiter.numRequeues(key), outcome: this.inner.addAfter(key, delayMs, trigger) };
  }

  forget(key: string): void {
    this.#limiter.forget(key);
  }

  numRequeues(key: string): number {
    return this.#limiter.numRequeues(key);
  }

  addAfter(key: string, ms: number, trigger?: Trigger): DelayOutcome {
    return this.inner.addAfter(key, ms, trigger);
  }

  override snapshot(): RateLimitingQueueSnapshot {
    const snap = this.inner.snapshot();
    return { ...snap, delayed: snap.delayed.map((d) => ({ ...d, retries: this.#limiter.numRequeues(d.key) })) };
  }
}

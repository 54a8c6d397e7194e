/**
 * A delaying queue that asks a `RateLimiter` how long a failing key waits (client-go's
 * `rate_limiting_queue.go`): `addRateLimited(key)` is `addAfter(key, limiter.when(key))`, and
 * `forget(key)` is how a controller says the key succeeded.
 */
import type { AddOutcome, DelayOutcome, RateLimitingQueueSnapshot } from '@dojo/console-protocol';
import { realClock } from '../clock/clock.ts';
import { DelayingWorkQueue, type DelayingQueue, type DelayingQueueOptions } from './delaying-queue.ts';
import type { QueueItem } from './queue.ts';
import { defaultControllerRateLimiter, type RateLimiter } from './rate-limiters.ts';
import type { Trigger } from './trigger.ts';

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

export class RateLimitingWorkQueue implements RateLimitingQueue {
  readonly #queue: DelayingQueue;
  readonly #limiter: RateLimiter;

  constructor(options: RateLimitingQueueOptions = {}) {
    this.#queue = options.delayingQueue ?? new DelayingWorkQueue(options);
    this.#limiter = options.rateLimiter ?? defaultControllerRateLimiter(options.clock ?? realClock);
  }

  addRateLimited(key: string, trigger?: Trigger): RateLimitedAdd {
    const delayMs = this.#limiter.when(key);
    return { delayMs, retries: this.#limiter.numRequeues(key), outcome: this.#queue.addAfter(key, delayMs, trigger) };
  }

  forget(key: string): void {
    this.#limiter.forget(key);
  }

  numRequeues(key: string): number {
    return this.#limiter.numRequeues(key);
  }

  addAfter(key: string, ms: number, trigger?: Trigger): DelayOutcome {
    return this.#queue.addAfter(key, ms, trigger);
  }

  add(key: string, trigger?: Trigger): AddOutcome {
    return this.#queue.add(key, trigger);
  }

  addTriggers(key: string, triggers: readonly Trigger[], droppedTriggers?: number): AddOutcome {
    return this.#queue.addTriggers(key, triggers, droppedTriggers);
  }

  len(): number {
    return this.#queue.len();
  }

  get(worker?: number, signal?: AbortSignal): Promise<QueueItem | undefined> {
    return this.#queue.get(worker, signal);
  }

  done(key: string): void {
    this.#queue.done(key);
  }

  shutDown(): void {
    this.#queue.shutDown();
  }

  shutDownWithDrain(): Promise<void> {
    return this.#queue.shutDownWithDrain();
  }

  shuttingDown(): boolean {
    return this.#queue.shuttingDown();
  }

  snapshot(): RateLimitingQueueSnapshot {
    const snap = this.#queue.snapshot();
    return { ...snap, delayed: snap.delayed.map((d) => ({ ...d, retries: this.#limiter.numRequeues(d.key) })) };
  }
}

/**
 * A queue that passes every `Queue` method to the queue it wraps: Go's struct embedding, by
 * which client-go's `delayingType` embeds `Interface` and `rateLimitingType` embeds
 * `DelayingInterface`. A wrapper overrides only what it changes and adds only what is new.
 */
import type { Queue, QueueItem } from './queue.ts';
import type { Trigger } from './trigger.ts';

// Typed from Queue itself, so that this file follows Queue wherever its result types live.
type AddOutcome = ReturnType<Queue['add']>;

export abstract class WrappedQueue<Inner extends Queue> implements Queue {
  protected constructor(protected readonly inner: Inner) {}

  add(key: string, trigger?: Trigger): AddOutcome {
    return this.inner.add(key, trigger);
  }

  addTriggers(key: string, triggers: readonly Trigger[], droppedTriggers?: number): AddOutcome {
    return this.inner.addTriggers(key, triggers, droppedTriggers);
  }

  len(): number {
    return this.inner.len();
  }

  get(worker?: number, signal?: AbortSignal): Promise<QueueItem | undefined> {
    return this.inner.get(worker, signal);
  }

  done(key: string): void {
    this.inner.done(key);
  }

  shutDown(): void {
    this.inner.shutDown();
  }

  shutDownWithDrain(): Promise<void> {
    return this.inner.shutDownWithDrain();
  }

  shuttingDown(): boolean {
    return this.inner.shuttingDown();
  }

  snapshot(): ReturnType<Queue['snapshot']> {
    return this.inner.snapshot();
  }
}

/**
 * A queue that can add a key later (client-go's `delaying_queue.go`), wrapping a `Queue`.
 * Promises:
 * - `addAfter(key, ms)` adds the key once `ms` have passed; `ms <= 0` adds it now.
 * - Earliest wins: a key already waiting keeps the earlier of its two ready times, and the
 *   triggers of both requests travel with it.
 * - Shutdown drops waiting keys: nothing comes due after `shutDown()`.
 */
import type { DelayOutcome, DelayingQueueSnapshot } from '@dojo/console-protocol';
import { realClock, type Clock, type Timer } from '../clock/clock.ts';
import { DelayHeap, type DelayedNode } from './delay-heap.ts';
import { noopWorkqueueMetricsProvider, type CounterMetric } from './queue-metrics.ts';
import { WorkQueue, type Queue, type QueueOptions } from './queue.ts';
import { defaultMaxTriggersPerKey, type Trigger } from './trigger.ts';
import { WrappedQueue } from './wrapped-queue.ts';

export interface DelayingQueue extends Queue {
  addAfter(key: string, ms: number, trigger?: Trigger): DelayOutcome;
  snapshot(): DelayingQueueSnapshot;
}

export interface DelayingQueueOptions extends QueueOptions {
  /** The queue to wrap; by default a new `WorkQueue` with the same options. */
  queue?: Queue;
}

export class DelayingWorkQueue extends WrappedQueue<Queue> implements DelayingQueue {
  readonly #clock: Clock;
  readonly #retries: CounterMetric;
  readonly #maxTriggers: number;
  readonly #heap = new DelayHeap();
  readonly #waiting = new Map<string, DelayedNode>();
  #order = 0;
  #timer: Timer | undefined;
  #timerDue = Infinity;

  constructor(options: DelayingQueueOptions = {}) {
    super(options.queue ?? new WorkQueue(options));
    this.#clock = options.clock ?? realClock;
    this.#retries = (options.metricsProvider ?? noopWorkqueueMetricsProvider).newRetriesMetric(options.name ?? '');
    this.#maxTriggers = options.maxTriggersPerKey ?? defaultMaxTriggersPerKey;
  }

  addAfter(key: string, ms: number, trigger?: Trigger): DelayOutcome {
    if (this.inner.shuttingDown()) return 'shutdown';
    // client-go counts every AddAfter as a retry, whatever its delay.
    this.#retries.inc();
    if (ms <= 0) return this.inner.add(key, trigger);

    const readyAt = this.#clock.now() + ms;
    const existing = this.#waiting.get(key);
    if (existing) {
      if (trigger) this.#record(existing, trigger);
      if (readyAt >= existing.readyAt) return 'delay-merged';
      existing.readyAt = readyAt;
      this.#heap.movedEarlier(existing);
      this.#arm();
      return 'delay-shortened';
    }
    const node: DelayedNode = { key, readyAt, order: this.#order++, index: -1, triggers: [], droppedTriggers: 0 };
    if (trigger) this.#record(node, trigger);
    this.#heap.push(node);
    this.#waiting.set(key, node);
    this.#arm();
    return 'delayed';
  }

  override shutDown(): void {
    this.#stopWaiting();
    this.inner.shutDown();
  }

  override shutDownWithDrain(): Promise<void> {
    this.#stopWaiting();
    return this.inner.shutDownWithDrain();
  }

  override snapshot(): DelayingQueueSnapshot {
    const delayed = [...this.#heap.values()]
      .sort((a, b) => a.readyAt - b.readyAt || a.order - b.order)
      .map((n) => ({ key: n.key, readyAt: n.readyAt, triggers: [...n.triggers], droppedTriggers: n.droppedTriggers }));
    return { ...this.inner.snapshot(), delayed };
  }

  #record(node: DelayedNode, trigger: Trigger): void {
    if (node.triggers.length < this.#maxTriggers) node.triggers.push(trigger);
    else node.droppedTriggers++;
  }

  /** Keeps exactly one timer, set for the soonest waiting key. */
  #arm(): void {
    const head = this.#heap.peek();
    if (head?.readyAt === this.#timerDue) return;
    this.#timer?.cancel();
    this.#timer = undefined;
    this.#timerDue = Infinity;
    if (!head) return;
    this.#timerDue = head.readyAt;
    this.#timer = this.#clock.setTimer(head.readyAt - this.#clock.now(), () => this.#fire());
  }

  #fire(): void {
    this.#timer = undefined;
    this.#timerDue = Infinity;
    const now = this.#clock.now();
    for (let head = this.#heap.peek(); head && head.readyAt <= now; head = this.#heap.peek()) {
      this.#heap.pop();
      this.#waiting.delete(head.key);
      this.inner.addTriggers(head.key, head.triggers, head.droppedTriggers);
    }
    this.#arm();
  }

  #stopWaiting(): void {
    this.#timer?.cancel();
    this.#timer = undefined;
    this.#timerDue = Infinity;
    this.#heap.clear();
    this.#waiting.clear();
  }
}

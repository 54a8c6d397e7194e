/**
 * A controller's queue, wrapped so that every add and every hand-out lands in the journal:
 * one `enqueue` record per add (with its trigger and whether it merged), a `backoff` record
 * per rate-limited add, a `dequeue` record per key handed to a worker. Each trigger is stamped
 * with the `seq` of its enqueue record, so a reconcile's triggers link back to their adds.
 */
import type { ObjectIdentity } from '@dojo/kube-api';
import type { AddOutcome, DelayOutcome, RateLimitingQueueSnapshot } from '@dojo/console-protocol';
import type { Clock } from '../clock/clock.ts';
import type { Journal } from '../telemetry/journal.ts';
import type { QueueItem } from '../workqueue/queue.ts';
import type { RateLimitedAdd, RateLimitingQueue } from '../workqueue/rate-limiting-queue.ts';
import type { Trigger } from '../workqueue/trigger.ts';
import { WrappedQueue } from '../workqueue/wrapped-queue.ts';
import type { ObjectIdentifier } from './object-identifier.ts';

const manual: Trigger = { reason: 'manual' };

export class JournaledQueue extends WrappedQueue<RateLimitingQueue> implements RateLimitingQueue {
  readonly #controller: string;
  readonly #journal: Journal;
  readonly #clock: Clock;
  readonly #identify: ObjectIdentifier;

  constructor(controller: string, queue: RateLimitingQueue, journal: Journal, clock: Clock, identify: ObjectIdentifier = () => undefined) {
    super(queue);
    this.#controller = controller;
    this.#journal = journal;
    this.#clock = clock;
    this.#identify = identify;
  }

  override add(key: string, trigger: Trigger = manual): AddOutcome {
    const stamped = this.#stamp(trigger);
    const outcome = this.inner.add(key, stamped);
    this.#recordEnqueue(key, stamped, outcome);
    return outcome;
  }

  override addTriggers(key: string, triggers: readonly Trigger[], droppedTriggers?: number): AddOutcome {
    const stamped = triggers.map((t, i) => this.#stamp(t, i));
    const outcome = this.inner.addTriggers(key, stamped, droppedTriggers);
    for (const t of stamped) this.#recordEnqueue(key, t, outcome);
    return outcome;
  }

  addAfter(key: string, ms: number, trigger: Trigger = manual): DelayOutcome {
    const stamped = this.#stamp(trigger);
    const outcome = this.inner.addAfter(key, ms, stamped);
    this.#recordEnqueue(key, stamped, outcome, ms);
    return outcome;
  }

  addRateLimited(key: string, trigger: Trigger = manual): RateLimitedAdd {
    const stamped = this.#stamp(trigger);
    const added = this.inner.addRateLimited(key, stamped);
    this.#recordEnqueue(key, stamped, added.outcome, added.delayMs);
    this.#journal.append({
      type: 'backoff',
      controller: this.#controller,
      key,
      ...this.#objectOf(key),
      delayMs: added.delayMs,
      retries: added.retries,
      cause: stamped.reason,
      ...(stamped.reconcileId === undefined ? {} : { reconcileId: stamped.reconcileId }),
    });
    return added;
  }

  override async get(worker?: number, signal?: AbortSignal): Promise<QueueItem | undefined> {
    const item = await this.inner.get(worker, signal);
    if (item) {
      this.#journal.append({
        type: 'dequeue',
        controller: this.#controller,
        key: item.key,
        ...this.#objectOf(item.key),
        worker: worker ?? -1,
        waitedMs: this.#clock.now() - item.enqueuedAt,
        triggerCount: item.triggers.length + item.droppedTriggers,
      });
    }
    return item;
  }

  forget(key: string): void {
    this.inner.forget(key);
  }

  numRequeues(key: string): number {
    return this.inner.numRequeues(key);
  }

  override snapshot(): RateLimitingQueueSnapshot {
    return this.inner.snapshot();
  }

  #objectOf(key: string): { object?: ObjectIdentity } {
    const object = this.#identify(key);
    return object ? { object } : {};
  }

  // The enqueue record is appended right after the add, and nothing appends in between (adds
  // never journal), so its seq is known before the record exists.
  #stamp(trigger: Trigger, offset = 0): Trigger {
    return { ...trigger, seq: this.#journal.lastSeq + 1 + offset };
  }

  #recordEnqueue(key: string, trigger: Trigger, outcome: DelayOutcome, delayMs?: number): void {
    this.#journal.append({
      type: 'enqueue',
      controller: this.#controller,
      key,
      ...this.#objectOf(key),
      reason: trigger.reason,
      trigger,
      merged: outcome === 'merged' || outcome === 'delay-merged',
      outcome,
      ...(delayMs === undefined ? {} : { delayMs }),
    });
  }
}

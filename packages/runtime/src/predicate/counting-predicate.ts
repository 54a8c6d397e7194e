/**
 * A predicate that counts what it passes and drops, per event type, so the console can show how
 * many events never reached a controller's queue.
 */
import type { KubeObject } from '@dojo/kube-api';
import type { CreateEvent, DeleteEvent, GenericEvent, Predicate, PredicateEventType, UpdateEvent } from './predicate.ts';

export type PredicateCounts = Record<PredicateEventType, { passed: number; dropped: number }>;

export class CountingPredicate<T extends KubeObject = KubeObject> implements Predicate<T> {
  readonly #inner: Predicate<T>;
  readonly #counts: PredicateCounts = {
    create: { passed: 0, dropped: 0 },
    update: { passed: 0, dropped: 0 },
    delete: { passed: 0, dropped: 0 },
    generic: { passed: 0, dropped: 0 },
  };

  constructor(inner: Predicate<T>) {
    this.#inner = inner;
  }

  create(event: CreateEvent<T>): boolean {
    return this.#count('create', this.#inner.create(event));
  }

  update(event: UpdateEvent<T>): boolean {
    return this.#count('update', this.#inner.update(event));
  }

  delete(event: DeleteEvent<T>): boolean {
    return this.#count('delete', this.#inner.delete(event));
  }

  generic(event: GenericEvent<T>): boolean {
    return this.#count('generic', this.#inner.generic(event));
  }

  counts(): PredicateCounts {
    // Read by every controller summary the console serves (each UI tab every second).
    const { create, update, delete: del, generic } = this.#counts;
    return { create: { ...create }, update: { ...update }, delete: { ...del }, generic: { ...generic } };
  }

  /** Events dropped across all types. */
  dropped(): number {
    return Object.values(this.#counts).reduce((sum, c) => sum + c.dropped, 0);
  }

  #count(type: PredicateEventType, passed: boolean): boolean {
    if (passed) this.#counts[type].passed++;
    else this.#counts[type].dropped++;
    return passed;
  }
}

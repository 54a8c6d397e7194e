/**
 * kube's ControllerExpectations (UID-tracking flavour): after a ReplicaSet asks for N Pods to
 * be created or M deleted, it waits to see those changes in its informer before it counts Pods
 * again. Without this, a sync running before the cache caught up with its own creates would
 * create the same Pods twice.
 *
 * Expectations live in memory only, on purpose: after a restart there are none, and the first
 * sync counts Pods from the freshly listed cache. They expire (5 minutes, as kube's) so a lost
 * watch event cannot wedge a ReplicaSet.
 */
import type { Clock } from '@dojo/runtime';

interface Expectation {
  adds: number;
  deletes: Set<string>;
  setAt: number;
}

export const expectationsTimeoutMs = 5 * 60_000;

export class Expectations {
  readonly #clock: Clock;
  readonly #ttlMs: number;
  readonly #byKey = new Map<string, Expectation>();

  constructor(clock: Clock, ttlMs = expectationsTimeoutMs) {
    this.#clock = clock;
    this.#ttlMs = ttlMs;
  }

  expectCreations(key: string, count: number): void {
    this.#byKey.set(key, { adds: count, deletes: new Set(), setAt: this.#clock.now() });
  }

  expectDeletions(key: string, podKeys: readonly string[]): void {
    this.#byKey.set(key, { adds: 0, deletes: new Set(podKeys), setAt: this.#clock.now() });
  }

  creationObserved(key: string): void {
    const expectation = this.#byKey.get(key);
    if (expectation) expectation.adds--;
  }

  deletionObserved(key: string, podKey: string): void {
    this.#byKey.get(key)?.deletes.delete(podKey);
  }

  /** True when nothing is pending for the key: no expectation, all seen, or expired. */
  satisfied(key: string): boolean {
    const expectation = this.#byKey.get(key);
    if (!expectation) return true;
    if (expectation.adds <= 0 && expectation.deletes.size === 0) return true;
    return this.#clock.now() - expectation.setAt > this.#ttlMs;
  }

  forget(key: string): void {
    this.#byKey.delete(key);
  }
}

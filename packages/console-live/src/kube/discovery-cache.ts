/**
 * The served kinds for `GET /api/resources`, read from discovery at most once per `ttlMs`
 * (3 s by default): every page asks for them, and a CRD created or removed still shows within
 * seconds. A failed read is not kept; the next request asks the cluster again.
 */
import type { ServedResource } from '@dojo/console-protocol';
import { realClock, type Clock } from '@dojo/runtime';

export interface DiscoveryCacheOptions {
  ttlMs?: number;
  clock?: Clock;
}

export class DiscoveryCache {
  readonly #discover: () => Promise<readonly ServedResource[]>;
  readonly #ttlMs: number;
  readonly #clock: Clock;
  #cached: { readonly at: number; readonly resources: readonly ServedResource[] } | undefined;

  constructor(discover: () => Promise<readonly ServedResource[]>, options: DiscoveryCacheOptions = {}) {
    this.#discover = discover;
    this.#ttlMs = options.ttlMs ?? 3000;
    this.#clock = options.clock ?? realClock;
  }

  async resources(): Promise<readonly ServedResource[]> {
    const at = this.#clock.now();
    if (this.#cached && at - this.#cached.at <= this.#ttlMs) return this.#cached.resources;
    const resources = await this.#discover();
    // Stamped with the time the read started: an answer is never younger than its question.
    this.#cached = { at, resources };
    return resources;
  }
}

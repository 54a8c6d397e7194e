import type { DiscordClock } from '../clock.ts';
import type { RateLimitRoute } from '../rate-limit-route.ts';

interface BucketState {
  limit: number;
  remaining: number;
  resetAt: number;
}

/** Where the next request on a route stands. */
export type Reservation = { ready: true } | { ready: false; waitMs: number; global: boolean };

/** The X-RateLimit-* headers of one response, parsed; absent headers are undefined. */
export interface RateLimitHeaders {
  limit?: number | undefined;
  remaining?: number | undefined;
  resetAfterSeconds?: number | undefined;
  bucket?: string | undefined;
  global: boolean;
  scope?: string | undefined;
}

export function readRateLimitHeaders(headers: Headers): RateLimitHeaders {
  const num = (name: string): number | undefined => {
    const raw = headers.get(name);
    const value = raw === null ? Number.NaN : Number(raw);
    return Number.isFinite(value) ? value : undefined;
  };
  return {
    limit: num('x-ratelimit-limit'),
    remaining: num('x-ratelimit-remaining'),
    resetAfterSeconds: num('x-ratelimit-reset-after'),
    bucket: headers.get('x-ratelimit-bucket') ?? undefined,
    global: headers.get('x-ratelimit-global') === 'true',
    scope: headers.get('x-ratelimit-scope') ?? undefined,
  };
}

/** Past this many tracked buckets, expired ones are dropped so channel churn cannot grow memory. */
const SWEEP_THRESHOLD = 1000;

/**
 * What the client knows about Discord's rate-limit buckets, learned only from response headers
 * (Discord asks clients not to hard-code limits). Routes are mapped to the bucket hash the
 * server names in X-RateLimit-Bucket, because several routes may share one bucket; each hash
 * is then tracked per major parameter. Reset-After is used instead of Reset so that a skewed
 * local clock does not matter.
 */
export class RateLimitBuckets {
  private readonly hashes = new Map<string, string>();
  private readonly buckets = new Map<string, BucketState>();
  private globalResetAt = 0;

  constructor(private readonly clock: DiscordClock) {}

  /**
   * Takes one request slot from the route's bucket, or says how long until one frees up.
   * Slots are taken locally before sending so that concurrent calls do not all spend the last
   * one; the next response's headers then overwrite the local count with the server's.
   */
  reserve(route: RateLimitRoute): Reservation {
    const now = this.clock.now();
    if (this.globalResetAt > now) return { ready: false, waitMs: this.globalResetAt - now, global: true };
    const key = this.bucketKey(route);
    const state = this.buckets.get(key);
    if (!state) return { ready: true };
    if (state.resetAt <= now) {
      this.buckets.delete(key);
      return { ready: true };
    }
    if (state.remaining <= 0) return { ready: false, waitMs: state.resetAt - now, global: false };
    state.remaining -= 1;
    return { ready: true };
  }

  /** Records what a response's headers say about its bucket. */
  update(route: RateLimitRoute, headers: RateLimitHeaders): void {
    if (headers.bucket) this.learnHash(route, headers.bucket);
    if (headers.remaining === undefined || headers.resetAfterSeconds === undefined) return;
    this.sweep();
    this.buckets.set(this.bucketKey(route), {
      limit: headers.limit ?? headers.remaining,
      remaining: headers.remaining,
      resetAt: this.clock.now() + headers.resetAfterSeconds * 1000,
    });
  }

  /** A 429 closes the bucket (or, when global, every bucket) for `retry_after` seconds. */
  recordRateLimited(route: RateLimitRoute, retryAfterSeconds: number, global: boolean): void {
    const until = this.clock.now() + retryAfterSeconds * 1000;
    if (global) {
      this.globalResetAt = Math.max(this.globalResetAt, until);
      return;
    }
    const key = this.bucketKey(route);
    const state = this.buckets.get(key) ?? { limit: 1, remaining: 0, resetAt: until };
    state.remaining = 0;
    state.resetAt = Math.max(state.resetAt, until);
    this.buckets.set(key, state);
  }

  private bucketKey(route: RateLimitRoute): string {
    return `${this.hashes.get(route.key) ?? route.key}:${route.majorId}`;
  }

  private learnHash(route: RateLimitRoute, hash: string): void {
    if (this.hashes.get(route.key) === hash) return;
    const before = this.bucketKey(route);
    this.hashes.set(route.key, hash);
    const state = this.buckets.get(before);
    if (state) {
      this.buckets.delete(before);
      this.buckets.set(this.bucketKey(route), state);
    }
  }

  private sweep(): void {
    if (this.buckets.size < SWEEP_THRESHOLD) return;
    const now = this.clock.now();
    for (const [key, state] of this.buckets) if (state.resetAt <= now) this.buckets.delete(key);
  }
}

import { createHash } from 'node:crypto';
import type { DiscordClock } from '../clock.ts';
import type { RateLimitRoute } from '../rate-limit-route.ts';

export interface RateLimitPolicy {
  limit: number;
  windowMs: number;
}

export interface RateLimitConfig {
  /** Every route's bucket unless overridden; default 5 per 5 s, like Discord's channel routes. */
  perRoute?: RateLimitPolicy;
  /** Overrides by route key, e.g. `{'POST /channels/:id/messages': {limit: 5, windowMs: 5000}}`. */
  routes?: Record<string, RateLimitPolicy>;
  /** Across all routes; default 50 per second, Discord's global limit. `false` turns it off. */
  global?: RateLimitPolicy | false;
}

export type RateLimitDecision =
  { allowed: true; headers: Record<string, string> } | { allowed: false; retryAfterSeconds: number; global: boolean; headers: Record<string, string> };

interface Window {
  count: number;
  resetAt: number;
}

const SWEEP_THRESHOLD = 5000;

/**
 * Fixed-window buckets keyed like Discord's: route shape plus major parameter. A window opens
 * with the first request and closes `windowMs` later. Every answer carries the X-RateLimit-*
 * headers a real response would, and refusals carry Retry-After and X-RateLimit-Scope.
 */
export class RouteRateLimiter {
  private readonly windows = new Map<string, Window>();
  private globalWindow: Window = { count: 0, resetAt: 0 };
  private readonly perRoute: RateLimitPolicy;
  private readonly global: RateLimitPolicy | false;

  constructor(
    private readonly clock: DiscordClock,
    private readonly config: RateLimitConfig = {},
  ) {
    this.perRoute = config.perRoute ?? { limit: 5, windowMs: 5000 };
    this.global = config.global ?? { limit: 50, windowMs: 1000 };
  }

  take(route: RateLimitRoute): RateLimitDecision {
    const now = this.clock.now();
    if (this.global) {
      if (this.globalWindow.resetAt <= now) this.globalWindow = { count: 0, resetAt: now + this.global.windowMs };
      if (this.globalWindow.count >= this.global.limit) {
        const retryAfterSeconds = seconds(this.globalWindow.resetAt - now);
        return {
          allowed: false,
          retryAfterSeconds,
          global: true,
          headers: {
            'Retry-After': String(Math.ceil(retryAfterSeconds)),
            'X-RateLimit-Global': 'true',
            'X-RateLimit-Scope': 'global',
          },
        };
      }
    }
    const policy = this.config.routes?.[route.key] ?? this.perRoute;
    const key = `${route.key}:${route.majorId}`;
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + policy.windowMs };
      this.windows.set(key, window);
    }
    const headers = (remaining: number): Record<string, string> => ({
      'X-RateLimit-Limit': String(policy.limit),
      'X-RateLimit-Remaining': String(remaining),
      'X-RateLimit-Reset': (window.resetAt / 1000).toFixed(3),
      'X-RateLimit-Reset-After': seconds(window.resetAt - now).toFixed(3),
      'X-RateLimit-Bucket': bucketHash(route.key),
    });
    if (window.count >= policy.limit) {
      const retryAfterSeconds = seconds(window.resetAt - now);
      return {
        allowed: false,
        retryAfterSeconds,
        global: false,
        headers: { ...headers(0), 'Retry-After': String(Math.ceil(retryAfterSeconds)), 'X-RateLimit-Scope': 'user' },
      };
    }
    window.count += 1;
    if (this.global) this.globalWindow.count += 1;
    return { allowed: true, headers: headers(policy.limit - window.count) };
  }

  private sweep(now: number): void {
    if (this.windows.size < SWEEP_THRESHOLD) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** Discord's bucket ids are opaque hex strings, stable per route shape. */
function bucketHash(routeKey: string): string {
  return createHash('md5').update(routeKey).digest('hex');
}

function seconds(ms: number): number {
  return Math.round(Math.max(0, ms)) / 1000;
}

import { DiscordApiError, discordErrors } from '../api-error.ts';
import type { DiscordClock } from '../clock.ts';
import { rateLimitRoute } from '../rate-limit-route.ts';
import type { RateLimitRoute } from '../rate-limit-route.ts';
import { sendHttp } from './http-transport.ts';
import { RateLimitBuckets, readRateLimitHeaders } from './rate-limit-buckets.ts';

/** One request as the console's timeline shows it: sent, or refused locally (`sent: false`). */
export interface DiscordCallRecord {
  method: string;
  path: string;
  /** The rate-limit route key, e.g. `POST /channels/:id/messages`. */
  route: string;
  /** HTTP status; 0 when no response arrived; 429 for a local refusal. */
  status: number;
  /** Discord's JSON error code on failures. */
  code?: number | undefined;
  sent: boolean;
  durationMs: number;
  bucket?: string | undefined;
  remaining?: number | undefined;
  retryAfterSeconds?: number | undefined;
}

export interface DiscordRestOptions {
  token: string;
  baseUrl: string;
  clock: DiscordClock;
  fetch: typeof fetch;
  timeoutMs: number;
  waitOnRateLimit: boolean;
  maxRateLimitRetries: number;
  userAgent: string;
  onCall?: ((record: DiscordCallRecord) => void) | undefined;
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
}

/**
 * Sends requests through the rate-limit buckets. By default it never waits: a request bound
 * for an exhausted bucket fails at once with a 429 DiscordApiError carrying retryAfterSeconds
 * (and `sent: false`), so a reconciler can return requeueAfter instead of blocking a worker.
 * With `waitOnRateLimit` it sleeps out known resets and retries 429s up to
 * `maxRateLimitRetries` times.
 */
export class DiscordRest {
  private readonly buckets: RateLimitBuckets;

  constructor(private readonly options: DiscordRestOptions) {
    this.buckets = new RateLimitBuckets(options.clock);
  }

  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const route = rateLimitRoute(method, path);
    let rateLimitedResponses = 0;
    for (;;) {
      const reservation = this.buckets.reserve(route);
      if (!reservation.ready) {
        const refused = discordErrors.rateLimited(reservation.waitMs / 1000, reservation.global, false);
        const retryAfterSeconds = refused.retryAfterSeconds;
        this.record({ method, path, route, status: 429, sent: false, durationMs: 0, retryAfterSeconds });
        if (!this.options.waitOnRateLimit) throw refused.withRequest(method, path);
        await this.sleep(reservation.waitMs, options.signal, method, path);
        continue;
      }
      const response = await this.send(method, path, route, options);
      if (response.ok) return response.body as T;
      const error = response.error;
      rateLimitedResponses += error.status === 429 ? 1 : 0;
      const { waitOnRateLimit, maxRateLimitRetries } = this.options;
      if (error.status !== 429 || !waitOnRateLimit || rateLimitedResponses > maxRateLimitRetries) throw error;
      await this.sleep((error.retryAfterSeconds ?? 1) * 1000, options.signal, method, path);
    }
  }

  private async send(
    method: string,
    path: string,
    route: RateLimitRoute,
    options: RequestOptions,
  ): Promise<{ ok: true; body: unknown } | { ok: false; error: DiscordApiError }> {
    const started = this.options.clock.now();
    const headers: Record<string, string> = {
      Authorization: `Bot ${this.options.token}`,
      'User-Agent': this.options.userAgent,
    };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    let response;
    try {
      response = await sendHttp(this.options.fetch, {
        method,
        url: this.url(path, options.query),
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        timeoutMs: this.options.timeoutMs,
        signal: options.signal,
      });
    } catch (err) {
      const error = err instanceof DiscordApiError ? err.withRequest(method, path) : discordErrors.requestFailed(err);
      this.record({ method, path, route, status: 0, sent: true, durationMs: this.options.clock.now() - started });
      throw error;
    }
    const limits = readRateLimitHeaders(response.headers);
    this.buckets.update(route, limits);
    const ok = response.status >= 200 && response.status < 300;
    const error = ok
      ? undefined
      : DiscordApiError.fromResponse(response.status, response.body, {
          statusText: response.statusText,
          retryAfterHeader: response.headers.get('retry-after'),
          method,
          path,
        });
    if (error && error.status === 429) {
      this.buckets.recordRateLimited(route, error.retryAfterSeconds ?? 1, error.global === true || limits.global);
    }
    this.record({
      method,
      path,
      route,
      status: response.status,
      code: error?.code,
      sent: true,
      durationMs: this.options.clock.now() - started,
      bucket: limits.bucket,
      remaining: limits.remaining,
      retryAfterSeconds: error?.retryAfterSeconds,
    });
    return error ? { ok: false, error } : { ok: true, body: response.body };
  }

  private url(path: string, query: RequestOptions['query']): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
    const qs = search.toString();
    return `${this.options.baseUrl.replace(/\/+$/, '')}${path}${qs ? `?${qs}` : ''}`;
  }

  private async sleep(ms: number, signal: AbortSignal | undefined, method: string, path: string): Promise<void> {
    try {
      await this.options.clock.sleep(ms, signal);
    } catch (err) {
      throw discordErrors.aborted(err).withRequest(method, path);
    }
  }

  private record(record: Omit<DiscordCallRecord, 'route'> & { route: RateLimitRoute }): void {
    this.options.onCall?.({ ...record, route: record.route.key });
  }
}

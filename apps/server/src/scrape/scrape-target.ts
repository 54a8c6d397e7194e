/**
 * One scraped endpoint: fetches its text (with a timeout), reads controller-runtime's metrics,
 * and keeps the figures of the last good scrape. A failed or timed-out scrape makes it `stale`
 * with the error; its figures stay those of `lastScrapeAt`, never presented as current, and
 * the next good scrape computes its rates over the whole gap.
 */
import type { DepthSample, RestClientRequests, ScrapedController, ScrapeState, ScrapeTargetStatus } from '@dojo/console-protocol';
import type { Clock } from '@dojo/runtime';
import { controllerFigures, restClientFigures, type ControllerFigures } from './controller-figures.ts';
import { readControllers, type TargetReading } from './controller-readings.ts';
import { readBoundedText } from './bounded-body.ts';
import { parseExposition } from './exposition.ts';
import { SampleRing } from './sample-ring.ts';
import type { ScrapeTargetSpec } from './scrape-spec.ts';

export interface ScrapeTargetOptions {
  clock: Clock;
  intervalMs: number;
  timeoutMs: number;
  /** Depth samples kept per controller. */
  depthSamples: number;
  /** A larger body fails the scrape. */
  maxBodyBytes: number;
}

// Prometheus' own scrape Accept header, minus OpenMetrics: the classic text format, which every controller-runtime serves.
const accept = 'text/plain;version=0.0.4;q=1,*/*;q=0.1';

function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  // undici's "fetch failed" hides the reason (ECONNREFUSED, a DNS failure) in its cause.
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err.message}${cause}`;
}

export class ScrapeTarget {
  readonly spec: ScrapeTargetSpec;
  readonly #options: ScrapeTargetOptions;
  #state: ScrapeState = 'never-scraped';
  #error: string | undefined;
  #last: { at: number; reading: TargetReading } | undefined;
  #controllers: ControllerFigures[] = [];
  #rest: RestClientRequests[] = [];
  readonly #depth = new Map<string, SampleRing<DepthSample>>();
  #inFlight: AbortController | undefined;
  #pending: Promise<void> | undefined;

  constructor(spec: ScrapeTargetSpec, options: ScrapeTargetOptions) {
    this.spec = spec;
    this.#options = options;
  }

  /** Scrapes once; never rejects (a failure is the target's state). A scrape asked for while one runs joins it. */
  scrape(): Promise<void> {
    this.#pending ??= this.#scrapeOnce().finally(() => (this.#pending = undefined));
    return this.#pending;
  }

  async #scrapeOnce(): Promise<void> {
    const { clock, timeoutMs, maxBodyBytes } = this.#options;
    const abort = new AbortController();
    this.#inFlight = abort;
    const timer = clock.setTimer(timeoutMs, () => abort.abort(new Error(`timed out after ${timeoutMs} ms`)));
    try {
      const res = await fetch(this.spec.url, {
        signal: abort.signal,
        headers: { accept, ...(this.spec.bearerToken ? { authorization: `Bearer ${this.spec.bearerToken}` } : {}) },
      });
      if (!res.ok) {
        await res.body?.cancel();
        throw new Error(`HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`);
      }
      const text = await readBoundedText(res, maxBodyBytes);
      this.#record(clock.now(), readControllers(parseExposition(text)));
    } catch (err) {
      this.#state = 'stale';
      this.#error = abort.signal.aborted ? describeError(abort.signal.reason) : describeError(err);
    } finally {
      timer.cancel();
      this.#inFlight = undefined;
    }
  }

  /** Aborts a scrape in flight (on shutdown). */
  abort(): void {
    this.#inFlight?.abort(new Error('the scraper stopped'));
  }

  #record(at: number, reading: TargetReading): void {
    const previous = this.#last;
    const seconds = previous ? (at - previous.at) / 1000 : 0;
    this.#controllers = [...reading.controllers.values()].map((c) => controllerFigures(previous ? previous.reading.controllers.get(c.name) : 'first-scrape', c, seconds));
    this.#rest = restClientFigures(previous?.reading.restClientRequests, reading.restClientRequests, seconds);
    for (const c of reading.controllers.values()) {
      if (c.depth === undefined) continue;
      let ring = this.#depth.get(c.name);
      if (!ring) this.#depth.set(c.name, (ring = new SampleRing(this.#options.depthSamples)));
      ring.push({ at, depth: c.depth });
    }
    this.#last = { at, reading };
    this.#state = 'ok';
    this.#error = undefined;
  }

  status(): ScrapeTargetStatus {
    const controllers: ScrapedController[] = this.#controllers.map((c) => ({ ...c, depthHistory: this.#depth.get(c.name)?.toArray() ?? [] }));
    return {
      name: this.spec.name,
      url: this.spec.url,
      state: this.#state,
      intervalMs: this.#options.intervalMs,
      ...(this.#last ? { lastScrapeAt: this.#last.at } : {}),
      ...(this.#error !== undefined ? { error: this.#error } : {}),
      controllers,
      restClientRequests: this.#rest,
    };
  }
}

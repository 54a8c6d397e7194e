/**
 * One scraped endpoint: fetches its text (with a timeout), reads controller-runtime's metrics,
 * and keeps the figures of the last good scrape. A failed or timed-out scrape makes it `stale`
 * with the error; its figures stay those of `lastScrapeAt`, never presented as current, and
 * the next good scrape computes its rates over the whole gap.
 */
import type {
  DepthSample,
  RestClientRequests,
  ScrapeAuthentication,
  ScrapedController,
  ScrapeState,
  ScrapeTargetStatus,
  ScrapeTlsVerification,
} from '@dojo/console-protocol';
import type { Clock } from '@dojo/runtime';
import { controllerFigures, restClientFigures, type ControllerFigures } from './controller-figures.ts';
import { readControllers, type TargetReading } from './controller-readings.ts';
import { readBoundedText } from './bounded-body.ts';
import { parseExposition } from './exposition.ts';
import type { BearerTokenSource } from './kubeconfig-token.ts';
import { describeScrapeError, ScrapeConnection } from './scrape-connection.ts';
import { SampleRing } from './sample-ring.ts';
import type { ScrapeTargetSpec } from './scrape-spec.ts';
import { ScrapeLimitError, type ScrapeLimits } from './scrape-limits.ts';
import type { ScrapeAllowList } from './scrape-allow.ts';

export interface ScrapeTargetOptions {
  clock: Clock;
  intervalMs: number;
  timeoutMs: number;
  /** Depth samples kept per controller. */
  depthSamples: number;
  /** What one scrape may bring; past one, the scrape fails naming it. */
  limits: ScrapeLimits;
  /** `--scrape` or added while the console runs (only those may be removed). */
  source: 'flag' | 'console';
  /** The kubeconfig user's token, for a target that asks for it. */
  kubeconfigToken?: BearerTokenSource;
  /** The addresses it may connect to (a target added in the console), checked at every connection. */
  allow?: ScrapeAllowList;
}

function authentication(spec: ScrapeTargetSpec): ScrapeAuthentication {
  if (spec.bearerToken) return 'bearer-token';
  if (spec.bearerTokenFile) return 'bearer-token-file';
  return spec.bearerTokenFromKubeconfig ? 'kubeconfig' : 'none';
}

function tlsVerification(spec: ScrapeTargetSpec): ScrapeTlsVerification | undefined {
  if (!spec.url.startsWith('https:')) return undefined;
  if (spec.insecureSkipVerify) return 'skip-verify';
  return spec.ca ? 'custom-ca' : 'system-ca';
}

export class ScrapeTarget {
  readonly spec: ScrapeTargetSpec;
  readonly #options: ScrapeTargetOptions;
  readonly #connection: ScrapeConnection;
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
    this.#connection = new ScrapeConnection(spec, options.kubeconfigToken, options.allow);
  }

  /** Scrapes once; never rejects (a failure is the target's state). A scrape asked for while one runs joins it. */
  scrape(): Promise<void> {
    this.#pending ??= this.#scrapeOnce().finally(() => (this.#pending = undefined));
    return this.#pending;
  }

  async #scrapeOnce(): Promise<void> {
    const { clock, timeoutMs, limits } = this.#options;
    const abort = new AbortController();
    this.#inFlight = abort;
    const timer = clock.setTimer(timeoutMs, () => abort.abort(new Error(`timed out after ${timeoutMs} ms`)));
    try {
      const res = await this.#connection.get(abort.signal);
      const reading = readControllers(parseExposition(await readBoundedText(res, limits.bodySizeLimit), limits));
      if (reading.controllers.size > limits.controllerLimit)
        throw new ScrapeLimitError('controller_limit', `the target exposes more than ${limits.controllerLimit} controllers`);
      this.#record(clock.now(), reading);
    } catch (err) {
      this.#state = 'stale';
      this.#error = abort.signal.aborted ? describeScrapeError(abort.signal.reason) : describeScrapeError(err);
    } finally {
      timer.cancel();
      this.#inFlight = undefined;
    }
  }

  /** Aborts a scrape in flight (on shutdown or removal). */
  abort(): void {
    this.#inFlight?.abort(new Error('the scraper stopped'));
  }

  /** Aborts, waits for the scrape in flight to settle, closes the connections, and lets go of its series. */
  async close(): Promise<void> {
    this.abort();
    await this.#pending;
    await this.#connection.close();
    this.#last = undefined;
    this.#controllers = [];
    this.#rest = [];
    this.#depth.clear();
  }

  #record(at: number, reading: TargetReading): void {
    const previous = this.#last;
    const seconds = previous ? (at - previous.at) / 1000 : 0;
    this.#controllers = [...reading.controllers.values()].map((c) =>
      controllerFigures(previous ? previous.reading.controllers.get(c.name) : 'first-scrape', c, seconds),
    );
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
      source: this.#options.source,
      authentication: authentication(this.spec),
      ...(tlsVerification(this.spec) ? { tlsVerification: tlsVerification(this.spec) } : {}),
      state: this.#state,
      intervalMs: this.#options.intervalMs,
      ...(this.#last ? { lastScrapeAt: this.#last.at } : {}),
      ...(this.#error !== undefined ? { error: this.#error } : {}),
      controllers,
      restClientRequests: this.#rest,
    };
  }
}

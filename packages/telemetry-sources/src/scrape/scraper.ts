/**
 * Scrapes every target every `intervalMs` (default 5 s), one scrape per target at a time: the
 * next round is armed when the previous one has finished, so a slow endpoint is never asked
 * twice at once. Time comes from the injected Clock.
 */
import type { ScrapeSnapshot } from '@dojo/console-protocol';
import type { Clock, Timer } from '@dojo/runtime';
import type { BearerTokenSource } from './kubeconfig-token.ts';
import type { ScrapeTargetSpec } from './scrape-spec.ts';
import { ScrapeTarget, type ScrapeTargetOptions } from './scrape-target.ts';
import { defaultScrapeLimits, type ScrapeLimits } from './scrape-limits.ts';
import type { ScrapeAllowList } from './scrape-allow.ts';

export interface ScraperOptions {
  clock: Clock;
  intervalMs?: number;
  /** Per scrape (default 3 s, at most the interval). */
  timeoutMs?: number;
  /** Depth samples kept per controller (default 120: ten minutes at 5 s). */
  depthSamples?: number;
  /** What one scrape may bring (defaults: `defaultScrapeLimits`). */
  limits?: Partial<ScrapeLimits>;
  /** Where a target added in the console may connect (`--scrape-allow`); `--scrape` targets are not limited. */
  allow?: ScrapeAllowList;
  /** The kubeconfig user's token, for targets with `bearerTokenFromKubeconfig`. */
  kubeconfigToken?: BearerTokenSource;
}

export const defaultScrapeIntervalMs = 5_000;

export class Scraper {
  readonly #clock: Clock;
  readonly #intervalMs: number;
  readonly #timeoutMs: number;
  readonly #depthSamples: number;
  readonly #limits: ScrapeLimits;
  readonly #allow: ScrapeAllowList | undefined;
  readonly #kubeconfigToken: BearerTokenSource | undefined;
  readonly #targets = new Map<string, ScrapeTarget>();
  #timer: Timer | undefined;
  #running = false;
  #round: Promise<void> | undefined;

  constructor(specs: readonly ScrapeTargetSpec[], options: ScraperOptions) {
    this.#clock = options.clock;
    this.#intervalMs = options.intervalMs ?? defaultScrapeIntervalMs;
    this.#timeoutMs = Math.min(options.timeoutMs ?? 3_000, this.#intervalMs);
    this.#depthSamples = options.depthSamples ?? 120;
    this.#limits = { ...defaultScrapeLimits, ...options.limits };
    this.#allow = options.allow;
    this.#kubeconfigToken = options.kubeconfigToken;
    for (const spec of specs) this.add(spec);
  }

  /** Adds a target (scraped from the next round on); a name already taken is refused. */
  add(spec: ScrapeTargetSpec, source: ScrapeTargetOptions['source'] = 'flag'): void {
    if (this.#targets.has(spec.name)) throw new Error(`a scrape target named "${spec.name}" exists already`);
    this.#targets.set(
      spec.name,
      new ScrapeTarget(spec, {
        clock: this.#clock,
        intervalMs: this.#intervalMs,
        timeoutMs: this.#timeoutMs,
        depthSamples: this.#depthSamples,
        limits: this.#limits,
        source,
        ...(this.#kubeconfigToken ? { kubeconfigToken: this.#kubeconfigToken } : {}),
        ...(source === 'console' && this.#allow ? { allow: this.#allow } : {}),
      }),
    );
  }

  /** Where a target added in the console may connect, if limited. */
  get allow(): ScrapeAllowList | undefined {
    return this.#allow;
  }

  /** The target of that name, if any. */
  get(name: string): ScrapeTarget | undefined {
    return this.#targets.get(name);
  }

  /** Stops scraping a target at once (a scrape in flight is aborted) and forgets its figures. */
  async remove(name: string): Promise<boolean> {
    const target = this.#targets.get(name);
    if (!target) return false;
    this.#targets.delete(name);
    await target.close();
    return true;
  }

  /** Scrapes every target once, now. */
  scrapeNow(): Promise<void> {
    return Promise.all([...this.#targets.values()].map((t) => t.scrape())).then(() => undefined);
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#arm(0);
  }

  #arm(ms: number): void {
    this.#timer = this.#clock.setTimer(ms, () => {
      this.#round = this.scrapeNow().then(() => {
        if (this.#running) this.#arm(this.#intervalMs);
      });
    });
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#timer?.cancel();
    for (const t of this.#targets.values()) t.abort();
    await this.#round;
    await Promise.all([...this.#targets.values()].map((t) => t.close()));
  }

  snapshot(): ScrapeSnapshot {
    return { time: this.#clock.now(), targets: [...this.#targets.values()].map((t) => t.status()) };
  }
}

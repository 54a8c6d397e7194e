/**
 * How a scraped controller reads on its card. Figures of a stale target are those of its last
 * good scrape: the text says so and since when, so they are never taken for current ones.
 */
import type { DurationQuantiles, ScrapeAuthentication, ScrapeTargetStatus, ScrapeTlsVerification } from '@dojo/console-protocol';
import { formatAge, formatClock, formatDuration, formatRate } from '../../../lib/time-format.ts';

/** What the card says about where its figures come from; undefined while they are current. */
export function freshnessNote(target: ScrapeTargetStatus, now: number): string | undefined {
  if (target.state === 'ok') return undefined;
  if (target.state === 'never-scraped') return `Not scraped yet: ${target.url}.`;
  const last =
    target.lastScrapeAt === undefined
      ? 'never answered'
      : `figures are from the last good scrape at ${formatClock(target.lastScrapeAt)} (${formatAge(target.lastScrapeAt, now)} ago)`;
  return `Scrape failed: ${target.error ?? 'unknown error'}; ${last}.`;
}

/** Seconds (as Prometheus measures) the way the console writes durations; '—' without a figure. */
export function formatSeconds(seconds: number | undefined): string {
  return seconds === undefined ? '—' : formatDuration(seconds * 1000);
}

export function formatQuantiles(q: DurationQuantiles): string {
  return q.p50 === undefined && q.p99 === undefined ? '—' : `${formatSeconds(q.p50)} / ${formatSeconds(q.p99)}`;
}

export function formatOptionalRate(perSecond: number | undefined): string {
  return perSecond === undefined ? '—' : formatRate(perSecond);
}

/** Reconciles per second over every result, and the part that failed ("error"). */
export function reconcileRates(byResult: Readonly<Record<string, number>>): { total?: number; errors?: number } {
  const results = Object.entries(byResult);
  if (results.length === 0) return {};
  return { total: results.reduce((sum, [, r]) => sum + r, 0), errors: byResult.error ?? 0 };
}

/** "2.0 success · 0.5 error": the results that happened between the last two scrapes, busiest first. */
export function resultsText(byResult: Readonly<Record<string, number>>): string {
  if (Object.keys(byResult).length === 0) return 'rates from the next scrape on';
  const happened = Object.entries(byResult)
    .filter(([, rate]) => rate > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  return happened.length ? happened.map(([result, rate]) => `${formatRate(rate)} ${result}`).join(' · ') : 'no reconciles';
}

const authentication: Record<ScrapeAuthentication, string> = {
  none: 'no token',
  'bearer-token': 'bearer token',
  'bearer-token-file': 'token file',
  kubeconfig: "kubeconfig user's token",
};

export function authenticationText(a: ScrapeAuthentication): string {
  return authentication[a];
}

const tls: Record<ScrapeTlsVerification, string> = {
  'system-ca': 'TLS: system CAs',
  'custom-ca': 'TLS: own CA',
  'skip-verify': 'TLS: not verified',
};

/** Undefined for plain http. */
export function tlsText(v: ScrapeTlsVerification | undefined): string | undefined {
  return v ? tls[v] : undefined;
}

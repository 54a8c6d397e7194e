import { describe, expect, it } from 'vitest';
import type { ScrapeTargetStatus } from '@dojo/console-protocol';
import { formatQuantiles, freshnessNote, reconcileRates, resultsText } from './scrape-text.ts';

const target: ScrapeTargetStatus = {
  name: 'op',
  url: 'http://10.0.0.5:8080/metrics',
  source: 'flag',
  authentication: 'none',
  state: 'ok',
  lastScrapeAt: 1_000,
  intervalMs: 5_000,
  controllers: [],
  restClientRequests: [],
};

describe('scraped controller text', () => {
  it('says nothing about freshness while the figures are current', () => {
    expect(freshnessNote(target, 2_000)).toBeUndefined();
  });

  it('says a stale target failed, why, and that its figures are from the last good scrape and how old that is', () => {
    const note = freshnessNote({ ...target, state: 'stale', error: 'fetch failed: connect ECONNREFUSED 10.0.0.5:8080' }, 36_000);
    expect(note).toMatch(
      /^Scrape failed: fetch failed: connect ECONNREFUSED 10\.0\.0\.5:8080; figures are from the last good scrape at \d\d:\d\d:\d\d\.\d{3} \(35s ago\)\.$/,
    );
    expect(freshnessNote({ ...target, state: 'stale', error: 'timed out after 3000 ms', lastScrapeAt: undefined } as ScrapeTargetStatus, 0)).toBe(
      'Scrape failed: timed out after 3000 ms; never answered.',
    );
  });

  it('says a target was not scraped yet, with its URL', () => {
    expect(freshnessNote({ ...target, state: 'never-scraped' }, 0)).toBe('Not scraped yet: http://10.0.0.5:8080/metrics.');
  });

  it('writes p50 / p99 in the console’s duration style, and a dash without observations', () => {
    expect(formatQuantiles({ p50: 0.0042, p99: 1.5 })).toBe('4.2 ms / 1.50 s');
    expect(formatQuantiles({})).toBe('—');
  });

  it('adds reconcile rates over every result and keeps the errors apart', () => {
    expect(reconcileRates({ success: 2, error: 0.5, requeue_after: 1 })).toEqual({ total: 3.5, errors: 0.5 });
    expect(reconcileRates({})).toEqual({});
  });

  it('names the reconcile results that happened, busiest first', () => {
    expect(resultsText({ error: 0.5, requeue: 0, success: 2 })).toBe('2.0 success · 0.5 error');
    expect(resultsText({ error: 0, success: 0 })).toBe('no reconciles');
    expect(resultsText({})).toBe('rates from the next scrape on');
  });
});

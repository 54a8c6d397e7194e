import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AdmissionSummaryEntry } from '@dojo/console-protocol';
import { AdmissionCard } from './AdmissionCard.tsx';

const entry: AdmissionSummaryEntry = {
  kind: 'ValidatingWebhookConfiguration',
  name: 'deny.dojos.example.com',
  configuration: 'dojo-checks',
  calls: 40,
  dryRunCalls: 0,
  countingSince: 0,
  callsPerSecond: 2.5,
  denials: 3,
  failures: 1,
  p99LatencyMs: 48,
  lastCall: 1_000_000,
  lastVerdict: 'denied',
  lastMessage: 'admission webhook "deny.dojos.example.com" denied the request: no',
};

describe('AdmissionCard', () => {
  it("shows a webhook's calls per second, denials, failures and p99 latency, and its last verdict with its message", () => {
    const html = renderToStaticMarkup(<AdmissionCard entry={entry} now={1_012_000} since={0} />);
    expect(html).toContain('aria-label="Admission validating webhook deny.dojos.example.com"');
    expect(html).toContain('validating webhook · in dojo-checks');
    expect(html).toMatch(/Calls\/s<\/dt><dd[^>]*>2\.5</);
    expect(html).toMatch(/Denials<\/dt><dd[^>]*><span[^>]*>3</);
    expect(html).toMatch(/p99 latency<\/dt><dd[^>]*>48 ms</);
    expect(html).toContain('Last call 12s ago: denied');
    expect(html).toContain('denied the request: no');
  });

  it('shows dry runs apart from the calls, and says nothing of them when there were none', () => {
    const html = renderToStaticMarkup(<AdmissionCard entry={{ ...entry, dryRunCalls: 17 }} now={1_012_000} since={0} />);
    expect(html).toContain('+17 dry runs (a form checking its draft), not in the counts above');
    expect(html).toMatch(/Calls\/s<\/dt><dd[^>]*>2\.5</);
    expect(renderToStaticMarkup(<AdmissionCard entry={entry} now={1_012_000} since={0} />)).not.toContain('dry run');
  });

  it('marks counts that started later than the section, after the console had set the webhook aside', () => {
    const later = renderToStaticMarkup(<AdmissionCard entry={{ ...entry, countingSince: 952_000 }} now={1_012_000} since={0} />);
    expect(later).toContain('Counted only since');
    expect(later).toContain('1m ago');
    expect(renderToStaticMarkup(<AdmissionCard entry={entry} now={1_012_000} since={0} />)).not.toContain('Counted only since');
  });
});

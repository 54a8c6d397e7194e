import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AdmissionSummary } from '@dojo/console-protocol';
import { admissionSummaryQueryOptions } from '../api/admission-summary.ts';
import { AdmissionCards } from './AdmissionCards.tsx';

function renderWith(summary: AdmissionSummary): string {
  const client = new QueryClient();
  client.setQueryData(admissionSummaryQueryOptions().queryKey, summary);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <AdmissionCards />
    </QueryClientProvider>,
  );
}

describe('AdmissionCards', () => {
  it('says since when the section counts', () => {
    const since = Date.now() - 5 * 60_000;
    const html = renderWith({
      windowSeconds: 60,
      since,
      entries: [
        {
          kind: 'ValidatingWebhookConfiguration',
          name: 'deny.dojos.example.com',
          configuration: 'dojo-checks',
          calls: 1,
          dryRunCalls: 0,
          countingSince: since,
          callsPerSecond: 0,
          denials: 0,
          failures: 0,
          p99LatencyMs: 3,
          lastCall: since,
          lastVerdict: 'allowed',
        },
      ],
    });
    expect(html).toContain(`counted since <time dateTime="${new Date(since).toISOString()}"`);
    expect(html).toMatch(/>5m ago<\/time>/);
    expect(html).not.toContain('Counted only since');
  });
});

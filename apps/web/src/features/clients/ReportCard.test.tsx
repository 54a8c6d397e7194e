import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ClientReportCard, ReportLink } from '@dojo/console-protocol';
import { ReportCard, verdictTally } from './ReportCard.tsx';

const card: ClientReportCard = {
  client: 'my-operator',
  time: 1_700_000_000_000,
  from: { records: 120, firstSeq: 10, lastSeq: 400 },
  lines: [
    {
      id: 'conflict-retries',
      title: 'Retries after 409 Conflict',
      verdict: 'good',
      summary: 'Retried every 409 (1), median 40 ms after the conflict.',
      figures: [{ label: '409s', value: 1 }],
      links: [
        { kind: 'request', seq: 42, label: '409 on dojos default/web' },
        { kind: 'request', seq: 43, label: 'its retry, 40 ms later (200)' },
      ],
    },
    {
      id: 'hot-loops',
      title: 'No hot loops',
      verdict: 'problem',
      summary: 'Writing Dojo default/web again and again now.',
      figures: [],
      links: [
        {
          kind: 'hot-loop',
          hotLoopId: 'loop-1',
          object: { group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name: 'web' },
          label: 'self on Dojo default/web',
        },
      ],
    },
    { id: 'finalizers', title: 'Removes its finalizers', verdict: 'not-seen', summary: 'It changed no finalizer yet.', figures: [], links: [] },
  ],
};

/** Requests open in the request log; hot loops have no page in this test. */
const linkOf = (link: ReportLink) => (link.kind === 'request' ? `/requests?seq=${link.seq}` : undefined);

describe('the report card', () => {
  const html = renderToStaticMarkup(<ReportCard card={card} linkOf={linkOf} />);

  it('shows each line with its verdict in words, its title and its summary', () => {
    expect(html).toMatch(
      /data-line="conflict-retries" data-verdict="good">.*>Good<.*Retries after 409 Conflict.*Retried every 409 \(1\), median 40 ms after the conflict\./,
    );
    expect(html).toMatch(/data-line="hot-loops" data-verdict="problem">.*>Problem</);
    expect(html).toMatch(/data-line="finalizers" data-verdict="not-seen">.*>Not seen yet</);
  });

  it('links evidence to the page linkOf names, and shows evidence without a page as text', () => {
    expect(html).toContain('<a href="/requests?seq=42" class="underline">409 on dojos default/web</a>');
    expect(html).toContain('<a href="/requests?seq=43" class="underline">its retry, 40 ms later (200)</a>');
    expect(html).toContain('<span>self on Dojo default/web</span>');
  });

  it('shows the figures behind a verdict', () => {
    expect(html).toContain('<dt>409s:</dt><dd class="font-medium break-all">1</dd>');
  });

  it('tallies the verdicts worst first, and says what the card was made from', () => {
    expect(verdictTally(card.lines)).toBe('1 problem, 1 good, 1 not seen yet');
    expect(html).toContain('from its 120 journal records (seq 10–400)');
  });
});

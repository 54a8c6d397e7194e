import { describe, expect, it } from 'vitest';
import type { ClientReportCard } from '@dojo/console-protocol';
import { describeReportCard } from './report-card-text.ts';

const card: ClientReportCard = {
  client: 'op',
  time: 0,
  from: { records: 12, firstSeq: 3, lastSeq: 40 },
  lines: [
    {
      id: 'conflict-retries',
      title: 'Retries after 409 Conflict',
      verdict: 'good',
      summary: 'Retried every 409 (1), median 40 ms after the conflict.',
      figures: [
        { label: '409s', value: 1 },
        { label: 'given up', value: 0 },
      ],
      links: [{ kind: 'request', seq: 7, label: '409 on dojos default/web' }],
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
          hotLoopId: 'h1',
          object: { group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name: 'web' },
          label: 'self on Dojo default/web',
        },
      ],
    },
    { id: 'rbac', title: 'RBAC gaps', verdict: 'not-seen', summary: 'Not checked.', figures: [{ label: '403 Forbidden', value: 0 }], links: [] },
  ],
};

describe('a report card printed for a person', () => {
  it('gives each line a mark, its title and summary, then its figures and the seqs of its evidence', () => {
    expect(describeReportCard(card)).toBe(
      [
        'Report card of op (journal seq 3–40, 12 records)',
        '',
        'ok    Retries after 409 Conflict: Retried every 409 (1), median 40 ms after the conflict.',
        '      409s 1 · given up 0',
        '      seq 7: 409 on dojos default/web',
        'FAIL  No hot loops: Writing Dojo default/web again and again now.',
        '      hot loop h1: self on Dojo default/web',
        '--    RBAC gaps: Not checked.',
        '',
      ].join('\n'),
    );
  });
});

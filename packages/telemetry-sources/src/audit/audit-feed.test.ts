import { describe, expect, it } from 'vitest';
import type { RequestJournalRecord } from '@dojo/console-protocol';
import { AuditFeed } from './audit-feed.ts';
import { auditEvent } from './testing/audit-fixtures.ts';

function feedWith(options: { failOn?: string } = {}) {
  const records: RequestJournalRecord[] = [];
  const feed = new AuditFeed(
    {
      hello: () => {},
      record: (record) => {
        if ('user' in record && record.user === options.failOn) throw new Error('a sink failed');
        records.push(record);
      },
    },
    { clock: { now: () => Date.parse('2026-11-24T14:00:00Z') } },
  );
  return { feed, records, users: () => records.map((r) => ('user' in r ? r.user : undefined)) };
}

const as = (username: unknown) => auditEvent({ user: { username: username as string } });

describe('AuditFeed', () => {
  it('refuses an unreadable item, counts it with its reason, and hands on the rest of its batch in order', async () => {
    const { feed, users } = feedWith();
    const result = await feed.ingest([as('first'), as(5), 'not an event', as('last')]);
    expect(result.refused).toEqual([
      { index: 1, reason: 'user.username must be a string' },
      { index: 2, reason: 'is not an audit event (a JSON object)' },
    ]);
    expect(users()).toEqual(['first', 'last']);
    expect(feed.state).toMatchObject({ state: 'live', refused: 2, detail: expect.stringContaining('is not an audit event') });
  });

  it('takes the next batch after one whose record could not be made or kept', async () => {
    const { feed, users } = feedWith({ failOn: 'breaks-a-sink' });
    expect((await feed.ingest([as('breaks-a-sink'), as('beside')])).refused).toEqual([{ index: 0, reason: 'could not be made into a journal record' }]);
    expect((await feed.ingest([as('next')])).refused).toEqual([]);
    expect(users()).toEqual(['beside', 'next']);
  });

  it('records a request target that is no URL as the path it is', async () => {
    const { feed, records } = feedWith();
    const odd = ['//a%20b/', 'http://[::', '/healthz?x=%E0%A4%A'].map((requestURI) => auditEvent({ requestURI, objectRef: undefined, verb: 'get' }));
    expect((await feed.ingest(odd)).refused).toEqual([]);
    expect(records.map((r) => ('path' in r ? r.path : undefined))).toEqual(['//a%20b/', 'http://[::', '/healthz']);
  });

  it('refuses an event dated more than an hour ahead of its clock, or nested deeper than it reads', async () => {
    const { feed, records } = feedWith();
    let deep: unknown = {};
    for (let i = 0; i < 300; i++) deep = { a: deep };
    const ahead = auditEvent({ requestReceivedTimestamp: '2262-04-11T00:00:00Z', stageTimestamp: '2262-04-11T00:00:00Z' });
    const result = await feed.ingest([ahead, auditEvent({ level: 'Request', requestObject: deep })]);
    expect(result.refused.map((r) => r.reason)).toEqual([
      "requestReceivedTimestamp is more than 60 minutes ahead of the console's clock",
      'nests deeper than 256 levels',
    ]);
    expect(records).toEqual([]);
  });
});

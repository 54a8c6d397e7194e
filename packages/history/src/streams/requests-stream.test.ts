import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RequestJournalRecord } from '@dojo/console-protocol';
import { HistoryStore } from '../history-store.ts';
import { requestsStream } from './requests-stream.ts';

const records: RequestJournalRecord[] = [
  {
    type: 'watch-open',
    seq: 1,
    time: 10,
    user: 'my-operator',
    watchId: 'w1',
    group: 'core.jutsu.com',
    version: 'v1',
    resource: 'dojos',
    namespace: 'default',
    bookmarks: true,
  },
  {
    type: 'request',
    seq: 2,
    time: 11,
    user: 'admin',
    userAgent: 'kubectl/v1.33.0',
    verb: 'create',
    group: 'core.jutsu.com',
    resource: 'dojos',
    namespace: 'default',
    name: 'web',
    code: 201,
    latencyMs: 2,
  },
  { type: 'watch-event', seq: 3, time: 12, watchId: 'w1', event: 'ADDED', namespace: 'default', name: 'web', resourceVersion: '7' },
  {
    type: 'request',
    seq: 4,
    time: 13,
    user: 'my-operator',
    verb: 'patch',
    group: 'core.jutsu.com',
    resource: 'dojos',
    subresource: 'status',
    namespace: 'default',
    name: 'web',
    code: 409,
    reason: 'Conflict',
    latencyMs: 1,
  },
  { type: 'watch-close', seq: 5, time: 14, watchId: 'w1', reason: 'client', events: 1 },
];

describe('the requests stream', () => {
  it("answers by client, by object and by watch, and keeps the journal's seq across a restart without appending a record twice", async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'history-')), 'history.db');
    const first = new HistoryStore({ path, now: () => 20, flushEveryMs: 0, retentionEveryMs: 0 });
    const requests = first.stream(requestsStream);
    for (const record of records) requests.append(record);
    expect(requests.query({ where: { user: 'my-operator' } }).map((r) => r.seq)).toEqual([1, 4]);
    expect(requests.query({ where: { name: 'web', resource: 'dojos' } }).map((r) => r.seq)).toEqual([2, 4]);
    expect(requests.query({ where: { watch: 'w1' } }).map((r) => r.type)).toEqual(['watch-open', 'watch-event', 'watch-close']);
    await first.close();

    // A console that reads the API server's journal from the start again appends nothing twice.
    const again = new HistoryStore({ path, now: () => 30, flushEveryMs: 0, retentionEveryMs: 0 });
    const reopened = again.stream(requestsStream);
    for (const record of records) reopened.append(record);
    expect(reopened.query().map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(reopened.coverage()).toMatchObject({ stream: 'requests', records: 5, lastSeq: 5 });
    await again.close();
  });
});

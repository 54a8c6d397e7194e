import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RequestJournalRecord, RequestRecord } from '@dojo/console-protocol';
import { describe, expect, it } from 'vitest';
import { HistoryStore } from './history-store.ts';
import { objectRequests, type ObjectRequestsQuery } from './object-requests.ts';
import { requestsStream } from './streams/requests-stream.ts';

const request = (seq: number, more: Partial<RequestRecord>): RequestRecord => ({
  seq,
  time: seq,
  type: 'request',
  user: 'admin',
  verb: 'update',
  code: 200,
  latencyMs: 1,
  resource: 'configmaps',
  namespace: 'default',
  name: 'web',
  ...more,
});

describe('objectRequests', () => {
  it("pages an object's requests newest first, past however many of its name's others, up to the instant asked about", async () => {
    const store = new HistoryStore({ path: join(mkdtempSync(join(tmpdir(), 'history-')), 'history.db'), flushEveryMs: 0, retentionEveryMs: 0 });
    const stream = store.stream(requestsStream);
    stream.append(request(1, { verb: 'create', code: 403 }));
    stream.append(request(2, { verb: 'create', code: 201, uid: 'u1' }));
    // Many requests of a Secret of the same name: found by the index, then left out.
    for (let seq = 3; seq < 1503; seq++) stream.append(request(seq, { resource: 'secrets', uid: 's1' }));
    stream.append(request(1503, { uid: 'u1' }));
    stream.append({ seq: 1504, time: 1504, type: 'watch-close', watchId: 'w1', reason: 'client' } as RequestJournalRecord);
    await store.flush();
    const mine = (r: RequestJournalRecord) => r.type === 'request' && r.resource === 'configmaps';

    const seqs = (query: Omit<ObjectRequestsQuery, 'name'>) => objectRequests(stream, { name: 'web', ...query }, mine).records.map((r) => r.seq);
    expect(seqs({ namespace: 'default', limit: 2 })).toEqual([1503, 2]);
    expect(seqs({ namespace: 'default', limit: 2, beforeSeq: 2 })).toEqual([1]);
    expect(seqs({ namespace: 'default', limit: 10, at: 1000 })).toEqual([2, 1]);
    expect(seqs({ namespace: 'other', limit: 10 })).toEqual([]);
    await store.close();
  });

  const admitted = {
    admission: [{ kind: 'ValidatingWebhookConfiguration', name: 'v', configuration: 'v', phase: 'validating', verdict: 'allowed', latencyMs: 1 }],
  } as const;

  it("finds an object's admitted writes behind thousands of its own writes no webhook saw, by the stream's columns", async () => {
    const store = new HistoryStore({ path: join(mkdtempSync(join(tmpdir(), 'history-')), 'history.db'), flushEveryMs: 0, retentionEveryMs: 0 });
    const stream = store.stream(requestsStream);
    stream.append(request(1, { uid: 'u1', ...admitted }));
    stream.append(request(2, { uid: 'u1', dryRun: true, ...admitted }));
    for (let seq = 3; seq < 6003; seq++) stream.append(request(seq, { uid: 'u1' }));
    stream.append(request(6003, { uid: 'u1', dryRun: true, ...admitted }));
    await store.flush();
    const any = () => true;

    expect(objectRequests(stream, { namespace: 'default', name: 'web', admitted: true, dryRun: false, limit: 50 }, any)).toEqual({
      records: [expect.objectContaining({ seq: 1 })],
    });
    expect(objectRequests(stream, { namespace: 'default', name: 'web', admitted: true, dryRun: true, limit: 50 }, any).records.map((r) => r.seq)).toEqual([
      6003, 2,
    ]);
    await store.close();
  });

  it('says how far back it searched when it gives up before filling the page, and goes on from there', async () => {
    const store = new HistoryStore({ path: join(mkdtempSync(join(tmpdir(), 'history-')), 'history.db'), flushEveryMs: 0, retentionEveryMs: 0 });
    const stream = store.stream(requestsStream);
    stream.append(request(1, { uid: 'u1' }));
    // Another incarnation's requests (another uid): the columns cannot tell them apart, `accept` can.
    for (let seq = 2; seq < 8002; seq++) stream.append(request(seq, { uid: 'u0' }));
    await store.flush();
    const mine = (r: RequestJournalRecord) => r.type === 'request' && r.uid === 'u1';

    const first = objectRequests(stream, { namespace: 'default', name: 'web', limit: 50 }, mine);
    expect(first.records).toEqual([]);
    expect(first.searchedBackTo).toBeGreaterThan(1);
    let page = first;
    while (page.searchedBackTo !== undefined)
      page = objectRequests(stream, { namespace: 'default', name: 'web', limit: 50, beforeSeq: page.searchedBackTo }, mine);
    expect(page).toEqual({ records: [expect.objectContaining({ seq: 1 })] });
    await store.close();
  });
});

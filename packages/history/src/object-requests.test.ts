import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RequestJournalRecord, RequestRecord } from '@dojo/console-protocol';
import { describe, expect, it } from 'vitest';
import { HistoryStore } from './history-store.ts';
import { objectRequests } from './object-requests.ts';
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

    const first = objectRequests(stream, { namespace: 'default', name: 'web', limit: 2 }, mine);
    expect(first.map((r) => r.seq)).toEqual([1503, 2]);
    expect(objectRequests(stream, { namespace: 'default', name: 'web', limit: 2, beforeSeq: 2 }, mine).map((r) => r.seq)).toEqual([1]);
    expect(objectRequests(stream, { namespace: 'default', name: 'web', limit: 10, at: 1000 }, mine).map((r) => r.seq)).toEqual([2, 1]);
    expect(objectRequests(stream, { namespace: 'other', name: 'web', limit: 10 }, mine)).toEqual([]);
    await store.close();
  });
});

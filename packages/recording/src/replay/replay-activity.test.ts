import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestJournalRecord } from '@dojo/console-protocol';
import { ClientIdentifier } from '@dojo/activity';
import { HistoryStore, requestsStream, telemetryStream } from '@dojo/history';
import { ReplayActivity } from './replay-activity.ts';

const who = { user: 'admin', userAgent: 'kubectl/v1.31.0 (linux/amd64)' };
const journal: RequestJournalRecord[] = [
  { seq: 1, time: 1_000, type: 'watch-open', ...who, watchId: 'w1', group: '', version: 'v1', resource: 'configmaps', namespace: 'default', bookmarks: false },
  { seq: 2, time: 1_100, type: 'watch-event', watchId: 'w1', event: 'ADDED', namespace: 'default', name: 'a', resourceVersion: '5' },
  {
    seq: 3,
    time: 2_000,
    type: 'request',
    ...who,
    verb: 'create',
    group: '',
    version: 'v1',
    resource: 'configmaps',
    kind: 'ConfigMap',
    namespace: 'default',
    name: 'b',
    code: 201,
    latencyMs: 3,
    rvReturned: '6',
  },
  { seq: 4, time: 3_000, type: 'watch-close', watchId: 'w1', reason: 'client', events: 1 },
  {
    seq: 5,
    time: 4_000,
    type: 'request',
    ...who,
    verb: 'delete',
    group: '',
    version: 'v1',
    resource: 'configmaps',
    kind: 'ConfigMap',
    namespace: 'default',
    name: 'b',
    code: 200,
    latencyMs: 2,
  },
];

let store: HistoryStore | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

async function recorded(records: readonly RequestJournalRecord[]): Promise<HistoryStore> {
  store = new HistoryStore({ path: join(mkdtempSync(join(tmpdir(), 'replay-activity-')), 'recording.db'), flushEveryMs: 0, retentionEveryMs: 0 });
  const requests = store.stream(requestsStream);
  for (const record of records) requests.append(record);
  await store.flush();
  return store;
}

describe("a recording's request journal replayed at an instant", () => {
  it('counts only the requests made before the instant, and pages only those', async () => {
    const history = await recorded(journal);
    const replay = new ReplayActivity(history.stream(requestsStream), history.stream(telemetryStream), new ClientIdentifier(), 5_000);
    const kubectlAt = (at: number) => replay.snapshot(at).clients.find((c) => c.name === 'kubectl');
    // The watch is a request too.
    expect(kubectlAt(2_500)?.totals).toMatchObject({ requests: 2, writes: 1 });
    expect(kubectlAt(5_000)?.totals).toMatchObject({ requests: 3, writes: 2 });
    expect(replay.queryRequests({}, 2_500).records.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(replay.queryRequests({ client: 'kubectl' }).records.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(replay.snapshot(2_500)).toMatchObject({ time: 2_500, feed: { state: 'live', lastSeq: 3, gaps: 0 }, connected: [] });
  });

  it('holds a watch open between its open and close records, closed after', async () => {
    const history = await recorded(journal);
    const replay = new ReplayActivity(history.stream(requestsStream), history.stream(telemetryStream), new ClientIdentifier(), 5_000);
    const watchAt = (at: number) =>
      replay
        .snapshot(at)
        .watches.find((w) => w.client === 'kubectl')
        ?.watches.find((w) => w.watchId === 'w1');
    expect(watchAt(2_000)).toMatchObject({ openedAt: 1_000, events: { added: 1 } });
    expect(watchAt(2_000)?.closedAt).toBeUndefined();
    expect(watchAt(3_500)).toMatchObject({ closedAt: 3_000, closeReason: 'client' });
  });

  it('answers no later than the end of the recording', async () => {
    const history = await recorded(journal);
    const replay = new ReplayActivity(history.stream(requestsStream), history.stream(telemetryStream), new ClientIdentifier(), 3_500);
    expect(replay.snapshot(9_999).time).toBe(3_500);
    expect(replay.queryRequests({}, 9_999).lastSeq).toBe(4);
  });

  it('says a recording without a request journal has none, with empty lists', async () => {
    const history = await recorded([]);
    const replay = new ReplayActivity(undefined, history.stream(telemetryStream), new ClientIdentifier(), 5_000);
    expect(replay.snapshot()).toMatchObject({
      feed: { state: 'unavailable', detail: expect.stringMatching(/^this recording holds no request journal/) },
      clients: [],
      watches: [],
      hotLoops: [],
    });
    expect(replay.queryRequests({}).records).toEqual([]);
  });
});

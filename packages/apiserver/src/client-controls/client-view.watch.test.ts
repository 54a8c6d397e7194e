/**
 * A held watch on the wire (a raw HTTPS watch with the client's own token): its bookmarks keep
 * coming but never claim a resourceVersion at or past the event it holds, and the events it
 * releases are marked in the request journal with what released them.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient } from '../clients/client-kubeconfigs.ts';
import { openWatch, type WatchedEvent, type WatchStream } from '../testing/watch-stream.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
let opToken: string;

beforeAll(async () => {
  server = await startTestServer({ watch: { bookmarkIntervalMs: 100 } });
  const kubeconfig = readFileSync(connectClient(server.dataDir, 'op', server.url).kubeconfigPath, 'utf8');
  opToken = /token: (\S+)/.exec(kubeconfig)![1]!;
});
afterAll(async () => {
  await server?.stop();
});

const configMaps = '/api/v1/namespaces/default/configmaps';

/** The events up to and including the first one after the `after`th that matches, waiting for them. */
async function eventsUntil(watch: WatchStream, after: number, matches: (e: WatchedEvent) => boolean): Promise<WatchedEvent[]> {
  for (let count = after + 1; ; count++) {
    const events = await watch.events(count, 10_000);
    if (matches(events[count - 1]!)) return events;
  }
}

describe('a held watch on the wire', () => {
  it('keeps sending bookmarks while paused, never at or past the held event, then the event itself once stepped', async () => {
    const created = await server.call('POST', configMaps, { metadata: { name: 'bm' }, data: { v: '1' } });
    const from = created.body.metadata.resourceVersion as string;
    const watch = await openWatch(server, `${configMaps}?watch=true&allowWatchBookmarks=true&resourceVersion=${from}`, { authorization: `Bearer ${opToken}` });
    expect(watch.status).toBe(200);
    server.clientControls.command('op', { op: 'pause' });
    const edited = await server.call('PATCH', `${configMaps}/bm`, { data: { v: '2' } }, { 'content-type': 'application/merge-patch+json' });
    const heldRev = Number(edited.body.metadata.resourceVersion);
    await expect.poll(() => server.clientControls.state('op').watches[0]?.held.length, { timeout: 10_000 }).toBe(1);

    // Bookmarks sent after the hold: each below the held event's resourceVersion.
    const seenBefore = (await watch.events(1, 10_000)).length;
    const events = await watch.events(seenBefore + 3, 10_000);
    const bookmarks = events.slice(seenBefore).filter((e) => e.type === 'BOOKMARK');
    expect(bookmarks.length).toBeGreaterThanOrEqual(1);
    for (const b of bookmarks) expect(Number(b.object.metadata.resourceVersion)).toBeLessThan(heldRev);
    expect(events.some((e) => e.type === 'MODIFIED')).toBe(false);

    const stepped = server.clientControls.command('op', { op: 'step' });
    expect(stepped.stepped).toMatchObject({ type: 'MODIFIED', name: 'bm', resourceVersion: String(heldRev) });
    await eventsUntil(watch, events.length, (e) => e.type === 'MODIFIED' && e.object.data.v === '2');
    const released = server.journal!.records(0).find((r) => r.type === 'watch-event' && r.event === 'MODIFIED' && r.resourceVersion === String(heldRev));
    expect(released).toMatchObject({ view: { releasedBy: 'step', because: 'pause' } });
    server.clientControls.command('op', { op: 'resume' });
    watch.close();
  });

  it('answers a watch that lists first (no resourceVersion) with the paused state', async () => {
    await server.call('POST', configMaps, { metadata: { name: 'before-pause' } });
    server.clientControls.command('op', { op: 'pause' });
    await server.call('POST', configMaps, { metadata: { name: 'during-pause' } });
    const watch = await openWatch(server, `${configMaps}?watch=true&allowWatchBookmarks=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan`, {
      authorization: `Bearer ${opToken}`,
    });
    // The initial events end with the bookmark annotated k8s.io/initial-events-end.
    const initial = await eventsUntil(watch, 0, (e) => e.type === 'BOOKMARK');
    const names = initial.filter((e) => e.type === 'ADDED').map((e) => e.object.metadata.name);
    expect(names).toContain('before-pause');
    expect(names).not.toContain('during-pause');
    server.clientControls.command('op', { op: 'resume' });
    await eventsUntil(watch, initial.length, (e) => e.type === 'ADDED' && e.object.metadata.name === 'during-pause');
    watch.close();
  });

  it('keeps a watch that holds an event open past its timeout, so a breakpoint never loses it; it ends once released', async () => {
    const created = await server.call('POST', configMaps, { metadata: { name: 'kept' } });
    const from = created.body.metadata.resourceVersion as string;
    const watch = await openWatch(server, `${configMaps}?watch=true&allowWatchBookmarks=true&timeoutSeconds=1&resourceVersion=${from}`, {
      authorization: `Bearer ${opToken}`,
    });
    server.clientControls.command('op', { op: 'break', breakpoint: { kind: 'ConfigMap', name: 'kept' } });
    let ended = false;
    void watch.ended().then(() => (ended = true));
    await server.call('PATCH', `${configMaps}/kept`, { data: { v: '2' } }, { 'content-type': 'application/merge-patch+json' });
    // Thirty bookmarks at 100 ms: the server's clock went well past the 1 s timeout, on the same event loop.
    const events = await watch.events(30, 20_000);
    expect(ended).toBe(false);
    expect(events.some((e) => e.type === 'MODIFIED')).toBe(false);
    server.clientControls.command('op', { op: 'continue' });
    const all = await watch.ended();
    expect(all.some((e) => e.type === 'MODIFIED' && e.object.metadata.name === 'kept')).toBe(true);
  });
});

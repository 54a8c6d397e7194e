/** The live socket: watches relayed with resourceVersions, telemetry resume and resync. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness } from './testing/console-harness.ts';

let c: ConsoleHarness;
beforeAll(async () => {
  c = await startConsole();
});
afterAll(async () => {
  await c?.close();
});

const kubectl = (args: string[], stdin?: string): Promise<string> => c.kubectl(args, stdin);

describe('live socket', () => {
  it('relays ADDED then MODIFIED for a Dojo created with kubectl, with increasing resourceVersions', async () => {
    const live = await c.socket();
    live.send({ op: 'subscribe', id: 'dojos', kind: 'watch', resource: { group: 'core.jutsu.com', version: 'v1', resource: 'dojos' } });
    await live.next((m) => m.id === 'dojos' && m.type === 'synced');
    await kubectl(
      ['apply', '-f', '-'],
      JSON.stringify({
        apiVersion: 'core.jutsu.com/v1',
        kind: 'Dojo',
        metadata: { name: 'live', namespace: 'default' },
        spec: { accountId: 'a', title: 'Live', credentialsRef: { name: 'live-app' } },
      }),
    );
    const added = await live.next((m) => m.type === 'watch-event' && m.event.type === 'ADDED' && m.event.object.metadata.name === 'live');
    await kubectl(['patch', 'dojo', 'live', '--type', 'merge', '-p', '{"spec":{"title":"Live 2"}}']);
    const modified = await live.next((m) => m.type === 'watch-event' && m.event.type === 'MODIFIED' && m.event.object.metadata.name === 'live');
    expect(Number(modified.event.object.metadata.resourceVersion)).toBeGreaterThan(Number(added.event.object.metadata.resourceVersion));
    live.ws.close();
  });

  it('tells a watch from a too-old resourceVersion to relist', async () => {
    await c.apiserver!.compactHistory();
    const live = await c.socket();
    live.send({ op: 'subscribe', id: 'old', kind: 'watch', resource: { group: '', version: 'v1', resource: 'configmaps' }, resourceVersion: '1' });
    const relist = await live.next((m) => m.id === 'old' && m.type === 'relist');
    expect(relist.reason).toMatch(/410/);
    live.ws.close();
  });

  it('resumes telemetry from a sequence number', async () => {
    const seqs = [0, 1, 2].map((i) => c.journal.append({ type: 'debug', controller: 'test', action: 'pause', detail: `k${i}` }).seq);
    const live = await c.socket();
    live.send({ op: 'subscribe', id: 't', kind: 'telemetry', fromSeq: seqs[1] });
    const batch = await live.next((m) => m.id === 't' && m.type === 'telemetry');
    expect(batch.records.map((r: { seq: number }) => r.seq).slice(0, 2)).toEqual([seqs[1], seqs[2]]);
    live.ws.close();
  });

  it('replays from the history on disk what the ring no longer holds, without a gap', async () => {
    const small = await startConsole({ journalCapacity: 10 });
    try {
      const first = small.journal.lastSeq + 1;
      for (let i = 0; i < 50; i++) small.journal.append({ type: 'debug', controller: 'test', action: 'pause', detail: `k${i}` });
      expect(small.journal.oldestSeq).toBeGreaterThan(first);
      const live = await small.socket();
      live.send({ op: 'subscribe', id: 't', kind: 'telemetry', fromSeq: first, controller: 'test' });
      await live.next((m) => m.id === 't' && m.type === 'telemetry' && m.records.some((r: { seq: number }) => r.seq === first + 49));
      const seqs = live.messages.filter((m) => m.id === 't' && m.type === 'telemetry').flatMap((m) => m.records.map((r: { seq: number }) => r.seq));
      expect(seqs).toEqual(Array.from({ length: 50 }, (_, i) => first + i));
      expect(live.messages.some((m) => m.id === 't' && m.type === 'resync')).toBe(false);
      live.ws.close();
    } finally {
      await small.close();
    }
  });

  it('tells a telemetry subscriber to resync when retention evicted what it asked for', async () => {
    const small = await startConsole({ journalCapacity: 10, historyRetentionMs: 1 });
    try {
      for (let i = 0; i < 50; i++) small.journal.append({ type: 'debug', controller: 'test', action: 'pause', detail: `k${i}` });
      await new Promise((r) => setTimeout(r, 5));
      expect(await small.history.enforceRetention()).toBeGreaterThan(0);
      const live = await small.socket();
      live.send({ op: 'subscribe', id: 't', kind: 'telemetry', fromSeq: 1 });
      const resync = await live.next((m) => m.id === 't' && m.type === 'resync');
      expect(resync.oldestSeq).toBeGreaterThan(1);
      const page = await small.http('GET', '/api/telemetry?sinceSeq=0&limit=1');
      expect(page.body).toMatchObject({ resync: true, coverage: { stream: 'telemetry' } });
      expect(page.body.coverage.evicted).toBeGreaterThan(0);
      live.ws.close();
    } finally {
      await small.close();
    }
  });

  it('gives a client that stops reading an explicit resync instead of a gap', async () => {
    const slow = await startConsole({ maxSocketBufferBytes: 64 * 1024 });
    try {
      const live = await slow.socket();
      live.send({ op: 'subscribe', id: 't', kind: 'telemetry' });
      await new Promise((r) => setTimeout(r, 100));
      // Stop reading: the server's send buffer for this socket fills up.
      (live.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
      const padding = 'x'.repeat(2048);
      for (let round = 0; round < 40; round++) {
        for (let i = 0; i < 200; i++) slow.journal.append({ type: 'debug', controller: 'flood', action: 'pause', detail: padding });
        await new Promise((r) => setTimeout(r, 10));
      }
      (live.ws as unknown as { _socket: { resume(): void } })._socket.resume();
      const resync = await live.next((m) => m.id === 't' && m.type === 'resync', 20_000);
      expect(resync.oldestSeq).toBeGreaterThan(0);
      const received = live.messages.filter((m) => m.id === 't' && m.type === 'telemetry').flatMap((m) => m.records);
      const seqs = received.map((r: { seq: number }) => r.seq);
      // Whatever arrived before the resync is contiguous: no silent gap.
      for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBe(seqs[i - 1]! + 1);
      live.ws.close();
    } finally {
      await slow.close();
    }
  }, 60_000);
});

/**
 * The console's reader of the request journal against a real API server: it resumes after the
 * server restarts without a duplicate or a gap, says so when records it needed were dropped,
 * and says the journal is unavailable when the server keeps none.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer, type ApiServerOptions } from '@dojo/apiserver';
import type { RequestJournalHello, RequestJournalRecord } from '@dojo/console-protocol';
import { KubeTransport } from '@dojo/runtime';
import { JournalFeed } from './journal-feed.ts';
import { eventually } from './testing/eventually.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function server(options: Partial<ApiServerOptions> & { dataDir: string }): Promise<ApiServer> {
  const started = await startApiServer({ port: 0, ...options });
  cleanups.push(() => started.close());
  return started;
}

async function feedOf(apiserver: ApiServer) {
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromFile(apiserver.kubeconfigPath);
  const transport = await KubeTransport.fromKubeConfig(kubeConfig, { userAgent: 'dojo-console' });
  const hellos: RequestJournalHello[] = [];
  const records: RequestJournalRecord[] = [];
  const feed = new JournalFeed({
    transport,
    handler: { hello: (h) => hellos.push(h), record: (r) => records.push(r) },
    backoff: { initialMs: 50, maxMs: 200 },
    unavailableRetryMs: 200,
  });
  feed.start();
  cleanups.push(() => {
    feed.stop();
    transport.close();
  });
  const get = (path: string) => transport.request({ method: 'GET', path });
  return { feed, hellos, records, get };
}

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'journal-feed-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

const namesRead = (records: RequestJournalRecord[]) => records.flatMap((r) => (r.type === 'request' && r.resource === 'namespaces' && r.name ? [r.name] : []));

describe('JournalFeed', () => {
  it('follows the journal live, and after the API server restarts resumes where it stopped', async () => {
    const dataDir = tempDir();
    const first = await server({ dataDir });
    const { feed, hellos, records, get } = await feedOf(first);
    await get('/api/v1/namespaces/default');
    await eventually(() => namesRead(records).includes('default'), 'the first read');
    expect(feed.state.state).toBe('live');

    await first.close();
    cleanups.pop();
    await eventually(() => feed.state.state === 'connecting', 'the feed to notice');
    const second = await server({ dataDir, port: first.port });
    await get('/api/v1/namespaces/kube-system');
    await eventually(() => namesRead(records).includes('kube-system'), 'the read after the restart');

    expect(hellos.length).toBeGreaterThanOrEqual(2);
    expect(hellos.every((h) => !h.resync)).toBe(true);
    const seqs = records.map((r) => r.seq);
    expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b));
    expect(feed.state).toMatchObject({ state: 'live', gaps: 0, lastSeq: second.journal!.lastSeq });
  });

  it('counts a gap when the journal dropped records it had not read', async () => {
    const apiserver = await server({ dataDir: tempDir(), requestJournal: { capacity: 5 } });
    const kubeConfig = new KubeConfig();
    kubeConfig.loadFromFile(apiserver.kubeconfigPath);
    const transport = await KubeTransport.fromKubeConfig(kubeConfig);
    for (let i = 0; i < 10; i++) await transport.request({ method: 'GET', path: '/api/v1/namespaces' });
    transport.close();
    const { feed, hellos, records } = await feedOf(apiserver);
    await eventually(() => hellos.length > 0 && records.length >= 5, 'the hello and what is left');
    expect(hellos[0]).toMatchObject({ resync: true, oldestSeq: records[0]!.seq });
    expect(feed.state.gaps).toBe(1);
  });

  it('says the journal is unavailable when the server keeps none', async () => {
    const apiserver = await server({ dataDir: tempDir(), requestJournal: false });
    const { feed } = await feedOf(apiserver);
    await eventually(() => feed.state.state === 'unavailable', 'unavailable');
    expect(feed.state.detail).toBe('the API server keeps no request journal');
  });
});

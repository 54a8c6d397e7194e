import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServerThread, type ApiServerHandle } from '@dojo/apiserver';
import type { RequestJournalHello, RequestJournalRecord } from '@dojo/console-protocol';
import { eventually } from './testing/eventually.ts';
import { HandleJournalFeed } from './handle-journal-feed.ts';

const dirs: string[] = [];
const servers: ApiServerHandle[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
async function serverThread(options: { requestJournal?: boolean; maxOldGenerationSizeMb?: number } = {}): Promise<ApiServerHandle> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dojo-handle-feed-'));
  dirs.push(dataDir);
  const limits = options.maxOldGenerationSizeMb ? { resourceLimits: { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb } } : {};
  const server = await startApiServerThread({ dataDir, port: 0, ...(options.requestJournal === false ? { requestJournal: false } : {}) }, limits);
  servers.push(server);
  return server;
}

function post(server: ApiServerHandle, name: string, data: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      `${server.url}/api/v1/namespaces/default/configmaps`,
      {
        method: 'POST',
        ca: server.credentials.caCertPem,
        headers: { authorization: `Bearer ${server.credentials.token}`, 'content-type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data }));
  });
}

function recordingFeed(server: ApiServerHandle) {
  const hellos: RequestJournalHello[] = [];
  const records: RequestJournalRecord[] = [];
  const feed = new HandleJournalFeed(server, { hello: (h) => hellos.push(h), record: (r) => records.push(r) });
  return { feed, hellos, records };
}

describe('the request journal read from the API server thread', () => {
  it('goes live and hands on every record once, in seq order', async () => {
    const server = await serverThread();
    const { feed, hellos, records } = recordingFeed(server);
    feed.start();
    for (let i = 0; i < 10; i++) expect(await post(server, `cm-${i}`)).toBe(201);
    await eventually(() => records.filter((r) => r.type === 'request' && r.verb === 'create').length === 10, 'ten creates');
    feed.stop();

    expect(hellos).toHaveLength(1);
    expect(feed.state).toMatchObject({ state: 'live', gaps: 0, lastSeq: records.at(-1)!.seq });
    const seqs = records.map((r) => r.seq);
    expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b));
  });

  it('says the journal is unavailable when the server keeps none', async () => {
    const { feed } = recordingFeed(await serverThread({ requestJournal: false }));
    feed.start();
    expect(feed.state).toMatchObject({ state: 'unavailable', detail: 'the API server keeps no request journal' });
  });

  it('says the journal is unavailable, and why, once the server thread died', async () => {
    const server = await serverThread({ maxOldGenerationSizeMb: 96 });
    const { feed } = recordingFeed(server);
    feed.start();
    const big = { blob: 'x'.repeat(700 * 1024) };
    for (let i = 0; i < 400 && !server.failure; i++) await post(server, `big-${i}`, big);

    expect(feed.state).toMatchObject({ state: 'unavailable', detail: expect.stringMatching(/embedded API server thread (crashed|exited)/) });
  }, 60_000);
});

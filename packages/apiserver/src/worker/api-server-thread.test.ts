import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestJournalHello, RequestJournalRecord } from '@dojo/console-protocol';
import type { ApiServerHandle } from './api-server-handle.ts';
import { startApiServerInProcess, startApiServerThread } from './api-server-thread.ts';

const dirs: string[] = [];
const servers: ApiServerHandle[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dojo-apiserver-thread-'));
  dirs.push(dir);
  return dir;
}
async function started<T extends ApiServerHandle>(handle: Promise<T>): Promise<T> {
  const server = await handle;
  servers.push(server);
  return server;
}

interface Answer {
  status: number;
  body: any;
}

/** One HTTPS request with the admin token, answered when the response ends. */
function call(server: ApiServerHandle, method: string, path: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      `${server.url}${path}`,
      {
        method,
        ca: server.credentials.caCertPem,
        headers: { authorization: `Bearer ${server.credentials.token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text.startsWith('{') ? JSON.parse(text) : text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const configMap = (name: string, data: Record<string, string> = { n: name }) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data });

async function until<T>(probe: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the embedded API server on a thread of its own', () => {
  it('serves HTTPS, and every write it acknowledged is on disk once close() returns', async () => {
    const dataDir = tempDir();
    const thread = await startApiServerThread({ dataDir, port: 0 });
    expect(thread.mode).toBe('thread');
    const written = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(thread, 'POST', '/api/v1/namespaces/default/configmaps', configMap(`kept-${i}`))),
    );
    expect(written.map((w) => w.status)).toEqual(Array(20).fill(201));
    await thread.close();
    expect(thread.failure).toBeUndefined();

    const reopened = await started(startApiServerInProcess({ dataDir, port: 0 }));
    const list = await call(reopened, 'GET', '/api/v1/namespaces/default/configmaps');
    expect(list.body.items.map((c: { metadata: { name: string } }) => c.metadata.name).sort()).toEqual(written.map((w) => w.body.metadata.name).sort());
  });

  it('hands its request journal over in seq order, and a second follower resumes after the seq it gives', async () => {
    const server = await started(startApiServerThread({ dataDir: tempDir(), port: 0 }));
    const hellos: RequestJournalHello[] = [];
    const records: RequestJournalRecord[] = [];
    const stop = server.followJournal!(0, { hello: (h) => hellos.push(h), records: (batch) => void records.push(...batch) });
    for (let i = 0; i < 5; i++) await call(server, 'POST', '/api/v1/namespaces/default/configmaps', configMap(`journaled-${i}`));
    const creates = await until(() => {
      const found = records.filter((r) => r.type === 'request' && r.verb === 'create');
      return found.length === 5 ? found : undefined;
    }, 'five create records');
    stop();

    expect(hellos).toHaveLength(1);
    expect(creates.map((r) => r.type === 'request' && r.name)).toEqual(['journaled-0', 'journaled-1', 'journaled-2', 'journaled-3', 'journaled-4']);
    expect(records.map((r) => r.seq)).toEqual([...records.map((r) => r.seq)].sort((a, b) => a - b));
    const resumed: RequestJournalRecord[] = [];
    server.followJournal!(creates[2]!.seq, { hello: () => {}, records: (batch) => void resumed.push(...batch) });
    await until(() => (resumed.length > 0 ? resumed : undefined), 'the resumed records');
    expect(resumed[0]!.seq).toBe(creates[2]!.seq + 1);
  });

  it('ends every open watch from the server side and answers how many were open', async () => {
    const server = await started(startApiServerThread({ dataDir: tempDir(), port: 0 }));
    const watch = call(server, 'GET', '/api/v1/namespaces/default/configmaps?watch=1');
    let open = 0;
    for (let i = 0; i < 100 && open === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      open = await server.closeWatches('cut by the test');
    }
    expect(open).toBe(1);
    expect((await watch).status).toBe(200);
    expect(await server.closeWatches('nothing left')).toBe(0);
  });

  it('compacts its watch history on request, so an old resourceVersion is answered 410 Gone', async () => {
    const server = await started(startApiServerThread({ dataDir: tempDir(), port: 0 }));
    const first = await call(server, 'POST', '/api/v1/namespaces/default/configmaps', configMap('old'));
    await call(server, 'POST', '/api/v1/namespaces/default/configmaps', configMap('new'));
    await server.compactHistory();
    const watch = await call(
      server,
      'GET',
      `/api/v1/namespaces/default/configmaps?watch=1&resourceVersion=${first.body.metadata.resourceVersion}&timeoutSeconds=1`,
    );
    expect(watch.body).toMatchObject({ type: 'ERROR', object: { kind: 'Status', code: 410 } });
  });

  it('rejects with the reason when it cannot listen', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      await expect(startApiServerThread({ dataDir: tempDir(), port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      taken.close();
    }
  });

  it('says plainly when its thread dies, and close() then returns at once', async () => {
    const server = await startApiServerThread({ dataDir: tempDir(), port: 0 }, { resourceLimits: { maxOldGenerationSizeMb: 96 } });
    const failures: Error[] = [];
    server.onFailure((error) => failures.push(error));
    // Under the 1 MiB a ConfigMap may hold, and many more of them than 96 MB of heap can keep.
    const big = { blob: 'x'.repeat(700 * 1024) };
    for (let i = 0; i < 400 && !server.failure; i++)
      await call(server, 'POST', '/api/v1/namespaces/default/configmaps', configMap(`big-${i}`, big)).catch(() => undefined);

    await until(() => server.failure, 'the failure');
    expect(failures.map((f) => f.message)).toEqual([expect.stringMatching(/embedded API server thread (crashed|exited)/)]);
    await expect(server.compactHistory()).rejects.toBe(server.failure);
    await server.close();
  }, 60_000);
});

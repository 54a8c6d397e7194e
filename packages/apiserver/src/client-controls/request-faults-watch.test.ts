/**
 * Watch faults on the wire, for a connected client: a cut HTTP watch answers 200 and then ends
 * without the chunked stream's end, a cut WebSocket watch closes without a close frame, a watch
 * that resumes from a resourceVersion gets kube's 410 Expired as an ERROR event while a watch
 * from now is left alone, and a status fault refuses a watch before it opens.
 */
import { request as httpsRequest } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connectClient, tokenOf } from '../clients/client-kubeconfigs.ts';
import { openWatch } from '../testing/watch-stream.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
let token: string;
const client = 'watching-op';
const configMaps = '/api/v1/namespaces/default/configmaps';

beforeAll(async () => {
  server = await startTestServer();
  token = tokenOf(connectClient(server.dataDir, client, server.url).kubeconfigPath)!;
  await server.call('POST', configMaps, { metadata: { name: 'watched' } });
});

afterAll(async () => {
  await server?.stop();
});

/** A watch as the client: its status, and whether the body ended as a chunked stream should. */
function watchAsClient(path: string): Promise<{ status: number; complete: boolean; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      { host: '127.0.0.1', port: server.port, path, ca: server.credentials.caCertPem, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('error', () => {});
        res.on('close', () => resolve({ status: res.statusCode ?? 0, complete: res.complete, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('watch faults on the wire', () => {
  it('cuts an HTTP watch once its headers are out: 200, then the stream breaks off with nothing delivered', async () => {
    server.requestFaults.add(client, { resource: 'configmaps', watchCut: true, count: 1 });
    const cut = await watchAsClient(`${configMaps}?watch=true`);
    expect(cut).toEqual({ status: 200, complete: false, body: '' });
  });

  it('cuts a WebSocket watch without a close frame', async () => {
    server.requestFaults.add(client, { resource: 'configmaps', watchCut: true, count: 1 });
    const socket = new WebSocket(`wss://127.0.0.1:${server.port}${configMaps}?watch=true`, [], {
      ca: server.credentials.caCertPem,
      headers: { authorization: `Bearer ${token}`, origin: 'https://127.0.0.1' },
    });
    const code = await new Promise<number>((resolve, reject) => {
      socket.on('close', (c: number) => resolve(c));
      socket.on('error', () => {});
      socket.on('unexpected-response', () => reject(new Error('the upgrade was refused')));
    });
    // 1006: the connection closed abnormally, as a dropped one does.
    expect(code).toBe(1006);
  });

  it("answers a watch that resumes from a resourceVersion with kube's 410 Expired as its one event", async () => {
    const { rules } = server.requestFaults.add(client, { resource: 'configmaps', gone: true });
    const from = (await server.call('GET', configMaps)).body.metadata.resourceVersion as string;
    const refused = await openWatch(server, `${configMaps}?watch=true&resourceVersion=${from}`, { authorization: `Bearer ${token}` });
    expect(refused.status).toBe(200);
    const events = await refused.ended();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'ERROR', object: { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Expired', code: 410 } });
    expect(events[0]!.object.message).toMatch(new RegExp(`^too old resource version: ${from} \\(\\d+\\)$`));
    // A watch from now resumes nothing: it opens as usual and gets the next change.
    const fresh = await openWatch(server, `${configMaps}?watch=true`, { authorization: `Bearer ${token}` });
    await server.call('POST', configMaps, { metadata: { name: 'after-gone' } });
    expect((await fresh.events(2)).map((e) => `${e.type} ${e.object.metadata.name}`)).toEqual(['ADDED watched', 'ADDED after-gone']);
    fresh.close();
    expect(server.requestFaults.list(client).rules.find((r) => r.id === rules.at(-1)!.id)).toMatchObject({ matched: 1, injected: 1 });
    server.requestFaults.clear(client);
  });

  it("refuses a watch with a status fault before it opens, in kube's words for the watch verb", async () => {
    server.requestFaults.add(client, { verbs: ['watch'], resource: 'configmaps', status: 403, count: 1 });
    const refused = await watchAsClient(`${configMaps}?watch=true`);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({
      reason: 'Forbidden',
      message: `configmaps is forbidden: User "${client}" cannot watch resource "configmaps" in API group "" in the namespace "default"`,
    });
  });
});

/**
 * A connected client may do anything but reach the console's own credentials (issue 35, item
 * 8): the deployed console's login token Secret and its ServiceAccount's tokens, by name or
 * inside a list or watch, and the admin-only request journal. Each refusal is kube's 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, tokenOf } from '../clients/client-kubeconfigs.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
let client: Record<string, string>;
const tokenSecret = '/api/v1/namespaces/dojo-console/secrets/dojo-console-token';
const loginToken = {
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { name: 'dojo-console-token', namespace: 'dojo-console' },
  stringData: { token: 'console-login-token' },
};

beforeAll(async () => {
  server = await startTestServer();
  client = { authorization: `Bearer ${tokenOf(connectClient(server.dataDir, 'shop-operator').kubeconfigPath)!}` };
  // The deploy/ base's identity, as applied to this cluster (by the admin).
  await server.call('POST', '/api/v1/namespaces', { metadata: { name: 'dojo-console' } });
  await server.call('POST', '/api/v1/namespaces/dojo-console/serviceaccounts', { metadata: { name: 'dojo-console' } });
  expect((await server.call('POST', '/api/v1/namespaces/dojo-console/secrets', loginToken)).status).toBe(201);
});
afterAll(async () => {
  await server?.stop();
});

const forbiddenReason = "the console's login token (dojo-console/dojo-console-token) is never served to a connected client";

describe("the console's own credentials", () => {
  it("are refused to a connected client by name, in kube's Forbidden Status", async () => {
    const res = await server.call('GET', tokenSecret, undefined, client);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: `secrets "dojo-console-token" is forbidden: User "shop-operator" cannot get resource "secrets" in API group "" in the namespace "dojo-console": ${forbiddenReason}`,
      reason: 'Forbidden',
      details: { name: 'dojo-console-token', kind: 'secrets' },
      code: 403,
    });
    expect(JSON.stringify(res.body)).not.toContain('console-login-token');
  });

  it('cannot be changed or deleted by a connected client', async () => {
    const patch = await server.call('PATCH', tokenSecret, { stringData: { token: 'chosen' } }, { ...client, 'content-type': 'application/merge-patch+json' });
    expect(patch.status).toBe(403);
    expect((await server.call('PUT', tokenSecret, loginToken, client)).status).toBe(403);
    expect((await server.call('DELETE', tokenSecret, undefined, client)).status).toBe(403);
    expect((await server.call('GET', tokenSecret)).body.data).toEqual({ token: Buffer.from('console-login-token').toString('base64') });
  });

  it('are refused inside any list or watch that would hold them, while other Secrets stay open', async () => {
    for (const path of [
      '/api/v1/namespaces/dojo-console/secrets',
      '/api/v1/secrets',
      '/api/v1/secrets?watch=true',
      '/api/v1/namespaces/dojo-console/secrets?watch=1',
    ]) {
      const res = await server.call('GET', path, undefined, client);
      expect([path, res.status, res.body.reason]).toEqual([path, 403, 'Forbidden']);
      expect(res.body.message).toContain(forbiddenReason);
    }
    expect((await server.call('DELETE', '/api/v1/namespaces/dojo-console/secrets', undefined, client)).status).toBe(403);
    expect((await server.call('GET', '/api/v1/namespaces/kube-system/secrets', undefined, client)).status).toBe(200);
  });

  it("cannot be minted: a TokenRequest for the console's ServiceAccount is refused", async () => {
    const res = await server.call(
      'POST',
      '/api/v1/namespaces/dojo-console/serviceaccounts/dojo-console/token',
      { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: {} },
      client,
    );
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      `serviceaccounts "dojo-console" is forbidden: User "shop-operator" cannot create resource "serviceaccounts/token" in API group "" in the namespace "dojo-console": a token of the console's ServiceAccount (dojo-console/dojo-console) is never served to a connected client`,
    );
  });

  it('cannot be planted: a connected client may not create the login token Secret before the console does', async () => {
    expect((await server.call('DELETE', tokenSecret)).status).toBe(200);
    const res = await server.call('POST', '/api/v1/namespaces/dojo-console/secrets', loginToken, client);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ reason: 'Forbidden', details: { name: 'dojo-console-token', kind: 'secrets' } });
    // With the Secret gone, the namespace's other Secrets are the client's again.
    expect((await server.call('GET', '/api/v1/namespaces/dojo-console/secrets', undefined, client)).status).toBe(200);
    expect((await server.call('POST', '/api/v1/namespaces/dojo-console/secrets', loginToken)).status).toBe(201);
  });

  it('stay readable by the admin, and the request journal stays the admin’s alone', async () => {
    expect((await server.call('GET', tokenSecret)).status).toBe(200);
    expect((await server.call('GET', '/debug/requests', undefined, client)).status).toBe(403);
  });

  it('are never objects of the embedded cluster otherwise: the admin token is a file, in no Secret', async () => {
    const all = await server.call('GET', '/api/v1/secrets');
    expect(all.raw.toString('utf8')).not.toContain(Buffer.from(server.credentials.token).toString('base64'));
    expect(all.raw.toString('utf8')).not.toContain(server.credentials.token);
  });
});

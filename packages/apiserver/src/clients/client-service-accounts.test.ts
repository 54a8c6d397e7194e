/**
 * A connected client with a ServiceAccount recorded (`connect NAME --service-account NS/SA`) is
 * authorized as that ServiceAccount by the cluster's RBAC, through real kubectl: what its Role
 * grants works, what it lacks is a 403 in kube-apiserver's exact words, and the journal, which
 * still names the client, records the rule that would allow the refused request.
 */
import type { RequestRecord } from '@dojo/console-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectlRunner, type KubectlRunner } from '../testing/kubectl.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { clientsDirOf, connectClient } from './client-kubeconfigs.ts';
import { parseServiceAccountRef } from './client-service-accounts.ts';

let server: TestServer;
let kubectl: KubectlRunner;
const client = 'shop-operator';

beforeAll(async () => {
  server = await startTestServer();
  const apply = async (path: string, body: object) => expect((await server.call('POST', path, body)).status).toBe(201);
  await apply('/api/v1/namespaces', { metadata: { name: 'shop' } });
  await apply('/api/v1/namespaces/shop/serviceaccounts', { metadata: { name: 'operator' } });
  // Everything the operator does, but creating ConfigMaps.
  await apply('/apis/rbac.authorization.k8s.io/v1/namespaces/shop/roles', {
    metadata: { name: 'operator' },
    rules: [
      { apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list', 'watch', 'update'] },
      { apiGroups: ['apps'], resources: ['deployments'], verbs: ['get', 'list', 'watch'] },
    ],
  });
  await apply('/apis/rbac.authorization.k8s.io/v1/namespaces/shop/rolebindings', {
    metadata: { name: 'operator' },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'operator' },
    subjects: [{ kind: 'ServiceAccount', name: 'operator', namespace: 'shop' }],
  });
  const credential = connectClient(server.dataDir, client, `https://127.0.0.1:${server.port}`, parseServiceAccountRef('shop/operator'));
  expect(credential.serviceAccount).toEqual({ namespace: 'shop', name: 'operator' });
  kubectl = kubectlRunner(credential.kubeconfigPath);
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

const requestsOf = (user: string, since: number): RequestRecord[] =>
  server.journal!.records(since + 1).filter((r): r is RequestRecord => r.type === 'request' && r.user === user);

describe('a client connected with --service-account', () => {
  it('is the ServiceAccount to the server (kubectl auth whoami)', async () => {
    const whoami = await kubectl.run(['auth', 'whoami', '-o', 'json']);
    expect(whoami.code, whoami.stderr).toBe(0);
    expect(JSON.parse(whoami.stdout).status.userInfo).toMatchObject({
      username: 'system:serviceaccount:shop:operator',
      groups: ['system:serviceaccounts', 'system:serviceaccounts:shop', 'system:authenticated'],
    });
  });

  it('may do what its Role grants, and the journal names it by its client name', async () => {
    const since = server.journal!.lastSeq;
    const list = await kubectl.run(['get', 'deployments', '-n', 'shop']);
    expect(list.code, list.stderr).toBe(0);
    expect(requestsOf(client, since).some((r) => r.resource === 'deployments' && r.verb === 'list' && r.code === 200)).toBe(true);
  });

  it("is refused what its Role lacks with kube's exact 403, and the journal names the rule that would allow it", async () => {
    const since = server.journal!.lastSeq;
    const create = await kubectl.run(['create', 'configmap', 'settings', '-n', 'shop', '--from-literal=a=b']);
    expect(create.code).toBe(1);
    expect(create.stderr.trim()).toBe(
      'error: failed to create configmap: configmaps is forbidden: User "system:serviceaccount:shop:operator" cannot create resource "configmaps" in API group "" in the namespace "shop"',
    );
    const refused = requestsOf(client, since).find((r) => r.code === 403);
    expect(refused).toMatchObject({
      verb: 'create',
      group: '',
      version: 'v1',
      resource: 'configmaps',
      namespace: 'shop',
      reason: 'Forbidden',
      forbidden: {
        authorizedAs: 'system:serviceaccount:shop:operator',
        verb: 'create',
        rule: { verbs: ['create'], apiGroups: [''], resources: ['configmaps'] },
        namespace: 'shop',
      },
    });
  });

  it("names the cluster-wide rule for a watch across every namespace, with RBAC's verb", async () => {
    const since = server.journal!.lastSeq;
    const watch = await kubectl.run(['get', 'deployments', '-A', '--watch-only', '--request-timeout=5s']);
    expect(watch.stderr).toContain(
      'deployments.apps is forbidden: User "system:serviceaccount:shop:operator" cannot list resource "deployments" in API group "apps" at the cluster scope',
    );
    const refused = requestsOf(client, since).find((r) => r.code === 403);
    expect(refused?.forbidden).toEqual({
      authorizedAs: 'system:serviceaccount:shop:operator',
      verb: 'list',
      rule: { verbs: ['list'], apiGroups: ['apps'], resources: ['deployments'] },
    });
  });

  it('is trusted again once connected without it', async () => {
    connectClient(server.dataDir, client, `https://127.0.0.1:${server.port}`, null);
    const create = await kubectl.run(['create', 'configmap', 'settings', '-n', 'shop', '--from-literal=a=b']);
    expect(create.code, create.stderr).toBe(0);
  });

  it('is forgotten with its credential: a client connected again after its kubeconfig was deleted is not the ServiceAccount', () => {
    connectClient(server.dataDir, 'revoked', `https://127.0.0.1:${server.port}`, parseServiceAccountRef('shop/operator'));
    rmSync(join(clientsDirOf(server.dataDir), 'revoked.kubeconfig'));
    // As the console's Connect dialog connects a name: no identity asked for.
    expect(connectClient(server.dataDir, 'revoked', `https://127.0.0.1:${server.port}`).serviceAccount).toBeUndefined();
    // A retarget of a client that keeps its token keeps its identity.
    connectClient(server.dataDir, 'kept', `https://127.0.0.1:${server.port}`, parseServiceAccountRef('shop/operator'));
    expect(connectClient(server.dataDir, 'kept', 'https://127.0.0.1:1').serviceAccount).toEqual({ namespace: 'shop', name: 'operator' });
  });

  it("refuses a malformed ServiceAccount reference in kube's Invalid shape", () => {
    expect(() => parseServiceAccountRef('shop')).toThrow('Client "shop" is invalid: serviceAccount: Invalid value: "shop": must be NAMESPACE/NAME');
    expect(() => parseServiceAccountRef('Shop/op')).toThrow(/serviceAccount.namespace: Invalid value: "Shop"/);
  });
});

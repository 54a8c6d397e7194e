/**
 * Who may do what today: the admin (system:masters) and connected clients may do anything, as
 * before RBAC was enforced; only the identities RBAC is for (ServiceAccounts) are limited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, tokenOf } from '../clients/client-kubeconfigs.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
let client: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  client = { authorization: `Bearer ${tokenOf(connectClient(server.dataDir, 'shop-operator').kubeconfigPath)!}` };
});
afterAll(async () => {
  await server?.stop();
});

describe('a connected client', () => {
  it('is its own user in system:authenticated', async () => {
    const res = await server.call('POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews', {}, client);
    expect(res.body.status.userInfo).toEqual({ username: 'shop-operator', groups: ['dojo:connected-clients', 'system:authenticated'] });
  });

  it('is authenticated by TokenReview by its kubeconfig token', async () => {
    const review = await server.call('POST', '/apis/authentication.k8s.io/v1/tokenreviews', { spec: { token: client.authorization!.slice('Bearer '.length) } });
    expect(review.body.status).toEqual({
      authenticated: true,
      user: { username: 'shop-operator', groups: ['dojo:connected-clients', 'system:authenticated'] },
      audiences: ['https://kubernetes.default.svc.cluster.local'],
    });
  });

  it('may still do anything, and the reviews say so', async () => {
    expect((await server.call('GET', '/api/v1/namespaces/kube-system/secrets', undefined, client)).status).toBe(200);
    const can = await server.call(
      'POST',
      '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews',
      { spec: { resourceAttributes: { verb: 'delete', resource: 'nodes' } } },
      client,
    );
    expect(can.body.status).toEqual({ allowed: true });
    const rules = await server.call('POST', '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews', { spec: { namespace: 'default' } }, client);
    expect(rules.body.status.resourceRules).toContainEqual({ verbs: ['*'], apiGroups: ['*'], resources: ['*'] });
  });
});

describe('the admin', () => {
  it('lists the rules RBAC gives system:masters once, from the cluster-admin binding (the privileged group lists none itself)', async () => {
    const rules = await server.call('POST', '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews', { spec: { namespace: 'default' } });
    const everything = rules.body.status.resourceRules.filter((r: { resources: string[] }) => r.resources.includes('*'));
    expect(everything).toEqual([{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }]);
  });

  it('is allowed by the privileged group with no reason, as kube answers a SubjectAccessReview for system:masters', async () => {
    const res = await server.call('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', {
      spec: {
        user: 'root',
        groups: ['system:masters'],
        resourceAttributes: { verb: 'escalate', group: 'rbac.authorization.k8s.io', resource: 'clusterroles' },
      },
    });
    expect(res.body.status).toEqual({ allowed: true });
  });
});

describe('a request without a token', () => {
  it('is 401 for the API and answered for the probes and version', async () => {
    expect((await server.call('GET', '/api/v1/namespaces', undefined, { authorization: '' })).status).toBe(401);
    expect((await server.call('GET', '/version', undefined, { authorization: '' })).status).toBe(200);
  });
});

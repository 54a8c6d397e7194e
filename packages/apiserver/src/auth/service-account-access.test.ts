/**
 * A ServiceAccount's token from TokenRequest is a real identity: it authenticates as
 * system:serviceaccount:NS:NAME, is authorized by RBAC alone (403 in kube's words until a Role
 * grants it), and dies with its ServiceAccount.
 */
import { createPublicKey, verify, type JsonWebKey } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const sas = '/api/v1/namespaces/default/serviceaccounts';
const as = (token: string) => ({ authorization: `Bearer ${token}` });
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));

async function tokenFor(name: string, spec: Record<string, unknown> = {}): Promise<string> {
  const res = await server.call('POST', `${sas}/${name}/token`, { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec });
  expect(res.status).toBe(201);
  return res.body.status.token as string;
}

describe('TokenRequest', () => {
  it('returns a signed token with kube claims, valid for an hour by default', async () => {
    const sa = (await server.call('POST', sas, { metadata: { name: 'claims' } })).body;
    const res = await server.call('POST', `${sas}/claims/token`, {});
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      apiVersion: 'authentication.k8s.io/v1',
      kind: 'TokenRequest',
      spec: { audiences: ['https://kubernetes.default.svc.cluster.local'], expirationSeconds: 3600 },
    });
    // An unbound token's boundObjectRef is null, as Go writes a nil pointer without omitempty.
    expect(res.body.spec.boundObjectRef).toBeNull();
    const [header] = res.body.status.token.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'ES256', kid: expect.any(String) });
    const claims = claimsOf(res.body.status.token);
    expect(claims).toMatchObject({
      iss: 'https://kubernetes.default.svc.cluster.local',
      sub: 'system:serviceaccount:default:claims',
      aud: ['https://kubernetes.default.svc.cluster.local'],
      'kubernetes.io': { namespace: 'default', serviceaccount: { name: 'claims', uid: sa.metadata.uid } },
    });
    expect(claims.exp - claims.iat).toBe(3600);
    expect(Date.parse(res.body.status.expirationTimestamp) / 1000).toBe(claims.exp);
  });

  it('refuses less than ten minutes, in kube words', async () => {
    await server.call('POST', sas, { metadata: { name: 'short' } });
    const res = await server.call('POST', `${sas}/short/token`, { spec: { expirationSeconds: 599 } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      'TokenRequest.authentication.k8s.io "" is invalid: spec.expirationSeconds: Invalid value: 599: may not specify a duration less than 10 minutes',
    );
  });

  it('is 404 for a ServiceAccount that does not exist', async () => {
    const res = await server.call('POST', `${sas}/nobody/token`, {});
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('serviceaccounts "nobody" not found');
  });

  it('is listed in discovery as the serviceaccounts/token subresource', async () => {
    const resources = (await server.call('GET', '/api/v1')).body.resources;
    expect(resources).toContainEqual({
      name: 'serviceaccounts/token',
      singularName: '',
      namespaced: true,
      kind: 'TokenRequest',
      verbs: ['create'],
      group: 'authentication.k8s.io',
      version: 'v1',
    });
  });
});

describe('a ServiceAccount token', () => {
  it('is forbidden what RBAC does not grant, then allowed once a Role and RoleBinding grant it', async () => {
    await server.call('POST', sas, { metadata: { name: 'bot' } });
    const token = await tokenFor('bot');

    const list = await server.call('GET', '/api/v1/namespaces/default/pods', undefined, as(token));
    expect(list.status).toBe(403);
    expect(list.body).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'pods is forbidden: User "system:serviceaccount:default:bot" cannot list resource "pods" in API group "" in the namespace "default"',
      reason: 'Forbidden',
      details: { kind: 'pods' },
      code: 403,
    });
    const get = await server.call('GET', '/api/v1/namespaces/default/pods/web', undefined, as(token));
    expect(get.body.message).toBe(
      'pods "web" is forbidden: User "system:serviceaccount:default:bot" cannot get resource "pods" in API group "" in the namespace "default"',
    );
    expect(get.body.details).toEqual({ name: 'web', kind: 'pods' });
    const deployments = await server.call('GET', '/apis/apps/v1/deployments', undefined, as(token));
    expect(deployments.body.message).toBe(
      'deployments.apps is forbidden: User "system:serviceaccount:default:bot" cannot list resource "deployments" in API group "apps" at the cluster scope',
    );

    expect(
      (
        await server.call('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/default/roles', {
          metadata: { name: 'pod-reader' },
          rules: [{ verbs: ['get', 'list'], apiGroups: [''], resources: ['pods'] }],
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await server.call('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/default/rolebindings', {
          metadata: { name: 'bot-reads-pods' },
          roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'pod-reader' },
          subjects: [{ kind: 'ServiceAccount', name: 'bot', namespace: 'default' }],
        })
      ).status,
    ).toBe(201);

    expect((await server.call('GET', '/api/v1/namespaces/default/pods', undefined, as(token))).status).toBe(200);
    expect((await server.call('GET', '/api/v1/namespaces/kube-system/pods', undefined, as(token))).status).toBe(403);
    expect((await server.call('DELETE', '/api/v1/namespaces/default/pods/web', undefined, as(token))).status).toBe(403);
  });

  it('may discover the API and ask who it is, as every authenticated user may', async () => {
    await server.call('POST', sas, { metadata: { name: 'curious' } });
    const token = await tokenFor('curious');
    expect((await server.call('GET', '/apis', undefined, as(token))).status).toBe(200);
    const whoami = await server.call('POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews', {}, as(token));
    expect(whoami.status).toBe(201);
    expect(whoami.body.status.userInfo).toMatchObject({
      username: 'system:serviceaccount:default:curious',
      groups: ['system:serviceaccounts', 'system:serviceaccounts:default', 'system:authenticated'],
    });
  });

  it('stops authenticating when its ServiceAccount is deleted', async () => {
    await server.call('POST', sas, { metadata: { name: 'doomed' } });
    const token = await tokenFor('doomed');
    expect((await server.call('GET', '/api', undefined, as(token))).status).toBe(200);
    expect((await server.call('DELETE', `${sas}/doomed`)).status).toBe(200);
    expect((await server.call('GET', '/api', undefined, as(token))).status).toBe(401);
    // A new ServiceAccount of the same name has another uid: the old token stays dead.
    await server.call('POST', sas, { metadata: { name: 'doomed' } });
    expect((await server.call('GET', '/api', undefined, as(token))).status).toBe(401);
  });

  it('bound to a Pod, carries the Pod in its claims and identity, and dies with the Pod', async () => {
    await server.call('POST', sas, { metadata: { name: 'runner' } });
    const pod = (
      await server.call('POST', '/api/v1/namespaces/default/pods', {
        metadata: { name: 'runner-pod' },
        spec: { serviceAccountName: 'runner', containers: [{ name: 'c', image: 'busybox' }] },
      })
    ).body;
    const token = await tokenFor('runner', { boundObjectRef: { apiVersion: 'v1', kind: 'Pod', name: 'runner-pod' } });
    expect(claimsOf(token)['kubernetes.io'].pod).toEqual({ name: 'runner-pod', uid: pod.metadata.uid });
    const review = await server.call('POST', '/apis/authentication.k8s.io/v1/tokenreviews', { spec: { token } });
    expect(review.body.status.user.extra).toMatchObject({
      'authentication.kubernetes.io/pod-name': ['runner-pod'],
      'authentication.kubernetes.io/pod-uid': [pod.metadata.uid],
    });
    await server.call('DELETE', '/api/v1/namespaces/default/pods/runner-pod?gracePeriodSeconds=0');
    expect((await server.call('GET', '/api', undefined, as(token))).status).toBe(401);

    await server.call('POST', sas, { metadata: { name: 'other' } });
    await server.call('POST', '/api/v1/namespaces/default/pods', {
      metadata: { name: 'other-pod' },
      spec: { serviceAccountName: 'other', containers: [{ name: 'c', image: 'busybox' }] },
    });
    const mismatch = await server.call('POST', `${sas}/runner/token`, { spec: { boundObjectRef: { apiVersion: 'v1', kind: 'Pod', name: 'other-pod' } } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('cannot bind token for serviceaccount "runner" to pod running with different serviceaccount name.');
    const wrongKind = await server.call('POST', `${sas}/runner/token`, { spec: { boundObjectRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'x' } } });
    expect(wrongKind.body.message).toBe('cannot bind token to object of type apps/v1, Kind=Deployment');
  });

  it('is authenticated by TokenReview as the ServiceAccount', async () => {
    await server.call('POST', sas, { metadata: { name: 'reviewed' } });
    const token = await tokenFor('reviewed');
    const review = await server.call('POST', '/apis/authentication.k8s.io/v1/tokenreviews', { spec: { token } });
    expect(review.body.status).toMatchObject({
      authenticated: true,
      user: {
        username: 'system:serviceaccount:default:reviewed',
        groups: ['system:serviceaccounts', 'system:serviceaccounts:default', 'system:authenticated'],
      },
      audiences: ['https://kubernetes.default.svc.cluster.local'],
    });
    const custom = await tokenFor('reviewed', { audiences: ['vault'] });
    expect((await server.call('GET', '/api', undefined, as(custom))).status).toBe(401);
    expect(
      (await server.call('POST', '/apis/authentication.k8s.io/v1/tokenreviews', { spec: { token: custom, audiences: ['vault'] } })).body.status.audiences,
    ).toEqual(['vault']);
  });
});

describe('the ServiceAccount issuer discovery', () => {
  it('publishes the issuer and the keys that verify its tokens, readable by every ServiceAccount', async () => {
    await server.call('POST', sas, { metadata: { name: 'verifier' } });
    const token = await tokenFor('verifier');
    const config = await server.call('GET', '/.well-known/openid-configuration', undefined, as(token));
    expect(config.status).toBe(200);
    expect(config.headers['cache-control']).toBe('public, max-age=3600');
    expect(config.body).toEqual({
      issuer: 'https://kubernetes.default.svc.cluster.local',
      jwks_uri: `https://127.0.0.1:${server.port}/openid/v1/jwks`,
      response_types_supported: ['id_token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['ES256'],
    });
    const jwks = await server.call('GET', '/openid/v1/jwks', undefined, as(token));
    expect(jwks.headers['content-type']).toBe('application/jwk-set+json');
    const [key] = jwks.body.keys as (JsonWebKey & { kid: string })[];
    const [header, payload, signature] = token.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString()).kid).toBe(key!.kid);
    // A relying party verifies the token offline with the published key.
    const publicKey = createPublicKey({ key: key!, format: 'jwk' });
    expect(verify('sha256', Buffer.from(`${header}.${payload}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(
      true,
    );
  });
});

describe('across a restart', () => {
  it('keeps the signing key in the data dir: a token issued before still authenticates after', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dojo-sa-restart-'));
    try {
      const first = await startTestServer({ dataDir });
      await first.call('POST', sas, { metadata: { name: 'durable' } });
      const token = (await first.call('POST', `${sas}/durable/token`, {})).body.status.token as string;
      await first.stop();
      const second = await startTestServer({ dataDir });
      try {
        const whoami = await second.call('POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews', {}, as(token));
        expect(whoami.body.status.userInfo.username).toBe('system:serviceaccount:default:durable');
        // The bootstrap policy is written once, not duplicated or failing on the second start.
        expect((await second.call('GET', '/apis/rbac.authorization.k8s.io/v1/clusterroles/cluster-admin')).status).toBe(200);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

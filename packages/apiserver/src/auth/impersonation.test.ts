/**
 * Impersonation through the real HTTPS server, with kubectl 1.33's --as/--as-group and raw
 * Impersonate-* headers: the request runs as the impersonated user, only for a requester RBAC
 * allows to `impersonate`, with kube-apiserver 1.37.2's 400 and 403 otherwise; the journal
 * keeps who sent it and as whom.
 */
import { existsSync } from 'node:fs';
import type { RequestRecord } from '@dojo/console-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectlRunner, type KubectlRunner } from '../testing/kubectl.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const binary = '/usr/lib/google-cloud-sdk/bin/kubectl.1.33';

let server: TestServer;
let botToken: string;
beforeAll(async () => {
  server = await startTestServer();
  expect((await server.call('POST', '/api/v1/namespaces/default/serviceaccounts', { metadata: { name: 'bot' } })).status).toBe(201);
  const role = { metadata: { name: 'pod-reader' }, rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] }] };
  expect((await server.call('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/default/roles', role)).status).toBe(201);
  const binding = {
    metadata: { name: 'jane-reads-pods' },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'pod-reader' },
    subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'jane' }],
  };
  expect((await server.call('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/default/rolebindings', binding)).status).toBe(201);
  const token = await server.call('POST', '/api/v1/namespaces/default/serviceaccounts/bot/token', {
    apiVersion: 'authentication.k8s.io/v1',
    kind: 'TokenRequest',
    spec: {},
  });
  botToken = token.body.status.token;
});
afterAll(() => server?.stop());

const whoami = async (headers: Record<string, string>) =>
  (
    await server.call(
      'POST',
      '/apis/authentication.k8s.io/v1/selfsubjectreviews',
      { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' },
      headers,
    )
  ).body;

describe('impersonation', () => {
  it('runs the request as the impersonated user, adding system:authenticated to the groups asked for', async () => {
    expect((await whoami({ 'Impersonate-User': 'jane', 'Impersonate-Group': 'devs' })).status.userInfo).toEqual({
      username: 'jane',
      groups: ['devs', 'system:authenticated'],
    });
  });

  it('gives an impersonated ServiceAccount its groups, and carries a uid and extra', async () => {
    const review = await whoami({ 'Impersonate-User': 'system:serviceaccount:default:bot', 'Impersonate-Uid': 'u-1', 'Impersonate-Extra-Scopes': 'read' });
    expect(review.status.userInfo).toEqual({
      username: 'system:serviceaccount:default:bot',
      uid: 'u-1',
      groups: ['system:serviceaccounts', 'system:serviceaccounts:default', 'system:authenticated'],
      extra: { scopes: ['read'] },
    });
  });

  it('authorizes the impersonated user, not the requester', async () => {
    expect((await server.call('GET', '/api/v1/namespaces/default/pods', undefined, { 'Impersonate-User': 'jane' })).status).toBe(200);
    const secrets = await server.call('GET', '/api/v1/namespaces/default/secrets', undefined, { 'Impersonate-User': 'jane' });
    expect(secrets.status).toBe(403);
    expect(secrets.body.message).toBe('secrets is forbidden: User "jane" cannot list resource "secrets" in API group "" in the namespace "default"');
  });

  it('refuses a requester RBAC does not allow to impersonate, in kube’s words', async () => {
    const res = await server.call('GET', '/api/v1/namespaces/default/pods', undefined, { authorization: `Bearer ${botToken}`, 'Impersonate-User': 'jane' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      reason: 'Forbidden',
      // The first mode that applies (user-info) refuses first: on what the request itself does.
      message:
        'pods is forbidden: User "system:serviceaccount:default:bot" cannot impersonate-on:user-info:list resource "pods" in API group "" in the namespace "default"',
      details: { kind: 'pods' },
    });
  });

  it('lets a requester allowed only the legacy verb impersonate, as the last mode', async () => {
    const rbac = '/apis/rbac.authorization.k8s.io/v1';
    const role = { metadata: { name: 'impersonate-users' }, rules: [{ apiGroups: [''], resources: ['users'], verbs: ['impersonate'] }] };
    expect((await server.call('POST', `${rbac}/clusterroles`, role)).status).toBe(201);
    const binding = {
      metadata: { name: 'bot-impersonates' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'impersonate-users' },
      subjects: [{ kind: 'ServiceAccount', name: 'bot', namespace: 'default' }],
    };
    expect((await server.call('POST', `${rbac}/clusterrolebindings`, binding)).status).toBe(201);
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (status !== 200 && Date.now() < deadline) {
      status = (await server.call('GET', '/api/v1/namespaces/default/pods', undefined, { authorization: `Bearer ${botToken}`, 'Impersonate-User': 'jane' }))
        .status;
    }
    expect(status).toBe(200);
    const secrets = await server.call('GET', '/api/v1/namespaces/default/secrets', undefined, {
      authorization: `Bearer ${botToken}`,
      'Impersonate-User': 'jane',
    });
    expect(secrets.body.message).toBe('secrets is forbidden: User "jane" cannot list resource "secrets" in API group "" in the namespace "default"');
  });

  it('answers groups without a user with kube’s 400', async () => {
    const res = await server.call('GET', '/api/v1/namespaces/default/pods', undefined, { 'Impersonate-Group': 'devs' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      reason: 'BadRequest',
      message: 'requested &user.DefaultInfo{Name:"", UID:"", Groups:[]string{"devs"}, Extra:map[string][]string(nil)} without impersonating a user name',
    });
  });

  it('journals who sent the request and as whom', async () => {
    const mark = server.journal!.lastSeq;
    await server.call('GET', '/api/v1/namespaces/default/pods', undefined, { 'Impersonate-User': 'jane' });
    const deadline = Date.now() + 10_000;
    let record: RequestRecord | undefined;
    while (!record && Date.now() < deadline) {
      record = server.journal!.records(mark + 1).find((r): r is RequestRecord => r.type === 'request' && r.resource === 'pods');
      if (!record) await new Promise((r) => setTimeout(r, 20));
    }
    expect(record).toMatchObject({ user: 'admin', impersonatedUser: 'jane', verb: 'list', code: 200 });
  });
});

describe.skipIf(!existsSync(binary))('kubectl --as with kubectl 1.33', () => {
  let kubectl: KubectlRunner;
  beforeAll(() => {
    kubectl = kubectlRunner(server.kubeconfigPath, binary);
  });

  it('auth whoami --as names the impersonated user and groups', async () => {
    const res = await kubectl.run(['auth', 'whoami', '--as=jane', '--as-group=devs', '-o', 'json']);
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout).status.userInfo).toEqual({ username: 'jane', groups: ['devs', 'system:authenticated'] });
  });

  it('auth can-i --list --as lists the impersonated user’s rules', async () => {
    const res = await kubectl.run(['auth', 'can-i', '--list', '-n', 'default', '--as=jane']);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^pods\s+\[\]\s+\[\]\s+\[get list\]$/m);
    expect(res.stdout).not.toMatch(/^\*\.\*/m);
  });
});

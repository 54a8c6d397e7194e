/**
 * kubectl's auth commands against the embedded server, with the real kubectl 1.33 binary:
 * `auth can-i` (SelfSubjectAccessReview), `auth can-i --list` (SelfSubjectRulesReview),
 * `auth whoami` (SelfSubjectReview) and `create token` (TokenRequest), and a ServiceAccount's
 * token used as kubectl's credential.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectlRunner, type KubectlRunner } from '../testing/kubectl.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const binary = '/usr/lib/google-cloud-sdk/bin/kubectl.1.33';

describe.skipIf(!existsSync(binary))('kubectl auth with kubectl 1.33', () => {
  let server: TestServer;
  let kubectl: KubectlRunner;
  beforeAll(async () => {
    server = await startTestServer();
    kubectl = kubectlRunner(server.kubeconfigPath, binary);
    expect((await server.call('POST', '/api/v1/namespaces/default/serviceaccounts', { metadata: { name: 'bot' } })).status).toBe(201);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('auth can-i answers yes for the admin', async () => {
    const res = await kubectl.run(['auth', 'can-i', 'create', 'deployments.apps', '-n', 'default']);
    expect(res).toMatchObject({ code: 0, stdout: 'yes\n' });
  });

  it('auth can-i --list shows the admin may do everything', async () => {
    const res = await kubectl.run(['auth', 'can-i', '--list', '-n', 'default']);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Resources\s+Non-Resource URLs\s+Resource Names\s+Verbs$/m);
    expect(res.stdout).toMatch(/^\*\.\*\s+\[\]\s+\[\]\s+\[\*\]$/m);
  });

  it('auth whoami names the admin and its groups', async () => {
    const res = await kubectl.run(['auth', 'whoami', '-o', 'json']);
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({
      kind: 'SelfSubjectReview',
      status: { userInfo: { username: 'admin', groups: ['system:masters', 'system:authenticated'] } },
    });
  });

  it('create token prints a token that kubectl then uses as the ServiceAccount, forbidden until RBAC allows', async () => {
    const created = await kubectl.run(['create', 'token', 'bot', '-n', 'default', '--duration', '20m', '-v=8']);
    expect(created.code).toBe(0);
    // client-go's typed client posts the TokenRequest in protobuf and takes the answer in protobuf.
    expect(created.stderr).toMatch(
      /Content-Type: application\/vnd\.kubernetes\.protobuf\s+[^]*?"Response" status="201 Created"[^"]*Content-Type: application\/vnd\.kubernetes\.protobuf/,
    );
    const token = created.stdout.trim();
    expect(token.split('.')).toHaveLength(3);

    const whoami = await kubectl.run(['--token', token, 'auth', 'whoami']);
    expect(whoami.stdout).toMatch(/^Username\s+system:serviceaccount:default:bot$/m);

    const cannot = await kubectl.run(['--token', token, 'auth', 'can-i', 'list', 'pods', '-n', 'default']);
    expect(cannot).toMatchObject({ code: 1, stdout: 'no\n' });
    const forbidden = await kubectl.run(['--token', token, 'get', 'pods', '-n', 'default']);
    expect(forbidden.code).toBe(1);
    expect(forbidden.stderr).toContain(
      'Error from server (Forbidden): pods is forbidden: User "system:serviceaccount:default:bot" cannot list resource "pods" in API group "" in the namespace "default"',
    );

    expect((await kubectl.run(['create', 'rolebinding', 'bot-view', '--clusterrole', 'view', '--serviceaccount', 'default:bot', '-n', 'default'])).code).toBe(
      0,
    );
    const can = await kubectl.run(['--token', token, 'auth', 'can-i', 'list', 'pods', '-n', 'default']);
    expect(can).toMatchObject({ code: 0, stdout: 'yes\n' });
    expect((await kubectl.run(['--token', token, 'get', 'pods', '-n', 'default'])).code).toBe(0);
    const list = await kubectl.run(['--token', token, 'auth', 'can-i', '--list', '-n', 'default']);
    expect(list.stdout).toMatch(/^pods\s+\[\]\s+\[\]\s+\[get list watch\]$/m);
  });
});

/**
 * Moving from `kubectl apply` to `kubectl apply --server-side`, with the real kubectl 1.33 and
 * raw HTTP: kube's fieldmanager lets the manager "kubectl" take over what its client-side apply
 * recorded in last-applied-configuration, and keeps that annotation current (answers checked
 * against kube-apiserver 1.37.2 by the differential suite's "kubectl+ csa upgrade" steps).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectlRunner, versionedKubectls, type KubectlRunner } from './testing/kubectl.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

const kubectl133 = versionedKubectls().find((k) => k.version === '1.33')?.path;

const deployment = (name: string, replicas: number, image: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
  namespace: default
  labels: {app: ${name}}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata: {labels: {app: ${name}}}
    spec:
      containers: [{name: web, image: ${image}}]
`;

const lastApplied = 'kubectl.kubernetes.io/last-applied-configuration';

let server: TestServer;
let kubectl: KubectlRunner;

beforeAll(async () => {
  server = await startTestServer();
  kubectl = kubectlRunner(server.kubeconfigPath, kubectl133);
});
afterAll(async () => {
  await server?.stop();
});

async function managersOf(name: string): Promise<Record<string, unknown>> {
  const got = await server.call('GET', `/apis/apps/v1/namespaces/default/deployments/${name}`);
  return Object.fromEntries((got.body.metadata.managedFields as { manager: string; fieldsV1: unknown }[]).map((e) => [e.manager, e.fieldsV1]));
}

describe.skipIf(!kubectl133)('kubectl apply --server-side after kubectl apply', () => {
  it('diff --server-side shows the change (exit 1) instead of retrying on a 409', async () => {
    expect((await kubectl.run(['apply', '-f', '-'], deployment('upgrade', 1, 'nginx:1.27'))).code).toBe(0);
    const diff = await kubectl.run(['diff', '--server-side', '-f', '-'], deployment('upgrade', 2, 'nginx:1.28'));
    expect(diff.stderr).toBe('');
    expect(diff.code).toBe(1);
    expect(diff.stdout).toContain('-  replicas: 1\n+  replicas: 2\n');
    // The merged object's annotation is the new configuration, as the server will write it.
    expect(diff.stdout).toContain(
      `+      {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"labels":{"app":"upgrade"},"name":"upgrade","namespace":"default"},"spec":{"replicas":2,`,
    );
  });

  it('takes over the fields the client-side apply owned, and rewrites last-applied-configuration', async () => {
    const applied = await kubectl.run(['apply', '--server-side', '-f', '-'], deployment('upgrade', 2, 'nginx:1.28'));
    expect(applied).toMatchObject({ code: 0, stdout: 'deployment.apps/upgrade serverside-applied\n', stderr: '' });
    const managers = await managersOf('upgrade');
    // After the server took the fields over, kubectl 1.33 itself folds its client-side entry into
    // its Apply entry and hands the annotation to "kubectl-last-applied" (csaupgrade).
    expect(Object.keys(managers).sort()).toEqual(['kubectl', 'kubectl-last-applied']);
    expect(managers.kubectl).toHaveProperty(['f:spec', 'f:replicas']);
    // ... and applies once more: its entry is then exactly the configuration (no defaults).
    expect(managers.kubectl).not.toHaveProperty(['f:spec', 'f:progressDeadlineSeconds']);
    const got = await server.call('GET', '/apis/apps/v1/namespaces/default/deployments/upgrade');
    expect(got.body.metadata.annotations[lastApplied]).toBe(
      '{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"labels":{"app":"upgrade"},"name":"upgrade","namespace":"default"},' +
        '"spec":{"replicas":2,"selector":{"matchLabels":{"app":"upgrade"}},"template":{"metadata":{"labels":{"app":"upgrade"}},' +
        '"spec":{"containers":[{"image":"nginx:1.28","name":"web"}]}}}}\n',
    );
  });

  it('still answers 409 for a field another manager changed since, naming only that one', async () => {
    await kubectl.run(['apply', '-f', '-'], deployment('scaled', 1, 'nginx:1.27'));
    expect((await kubectl.run(['scale', 'deployment', 'scaled', '--replicas=5'])).code).toBe(0);
    const applied = await kubectl.run(['apply', '--server-side', '-f', '-'], deployment('scaled', 3, 'nginx:1.28'));
    expect(applied.code).toBe(1);
    expect(applied.stderr).toMatch(/^error: Apply failed with 1 conflict: conflict with "kubectl" with subresource "scale" using apps\/v1: \.spec\.replicas\n/);
  });

  it('still answers 409 to any other field manager', async () => {
    await kubectl.run(['apply', '-f', '-'], deployment('other', 1, 'nginx:1.27'));
    const applied = await kubectl.run(['apply', '--server-side', '--field-manager=deployer', '-f', '-'], deployment('other', 2, 'nginx:1.27'));
    expect(applied.code).toBe(1);
    expect(applied.stderr).toMatch(/^error: Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using apps\/v1: \.spec\.replicas\n/);
  });

  it('has nothing to take over from an object without the annotation', async () => {
    await kubectl.run(['create', '-f', '-'], deployment('created', 1, 'nginx:1.27'));
    const applied = await kubectl.run(['apply', '--server-side', '-f', '-'], deployment('created', 2, 'nginx:1.27'));
    expect(applied.stderr).toMatch(/^error: Apply failed with 1 conflict: conflict with "kubectl-create" using apps\/v1: \.spec\.replicas\n/);
  });
});

describe('server-side apply over HTTP with fieldManager=kubectl', () => {
  const configMaps = '/api/v1/namespaces/default/configmaps';
  const applyYaml = { 'content-type': 'application/apply-patch+yaml' };

  it('takes over and rewrites the annotation; another manager leaves it as it is', async () => {
    const annotation = `${JSON.stringify({ apiVersion: 'v1', data: { a: '1' }, kind: 'ConfigMap', metadata: { annotations: {}, name: 'http', namespace: 'default' } })}\n`;
    const created = await server.call('POST', `${configMaps}?fieldManager=kubectl-client-side-apply`, {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'http', annotations: { [lastApplied]: annotation } },
      data: { a: '1' },
    });
    expect(created.status).toBe(201);
    const byOther = await server.call(
      'PATCH',
      `${configMaps}/http?fieldManager=deployer`,
      JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'http' }, data: { a: '2' } }),
      applyYaml,
    );
    expect(byOther.status).toBe(409);
    const applied = await server.call(
      'PATCH',
      `${configMaps}/http?fieldManager=kubectl`,
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: http\ndata:\n  a: "<2>"\n',
      applyYaml,
    );
    expect(applied.status).toBe(200);
    expect(applied.body.data).toEqual({ a: '<2>' });
    expect(applied.body.metadata.annotations[lastApplied]).toBe(
      '{"apiVersion":"v1","data":{"a":"\\u003c2\\u003e"},"kind":"ConfigMap","metadata":{"name":"http"}}\n',
    );
    const again = await server.call(
      'PATCH',
      `${configMaps}/http?fieldManager=deployer`,
      JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'http' }, data: { b: '1' } }),
      applyYaml,
    );
    expect(again.body.metadata.annotations[lastApplied]).toBe(applied.body.metadata.annotations[lastApplied]);
  });
});

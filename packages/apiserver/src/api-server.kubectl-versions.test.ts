/**
 * Every kubectl on this machine, 1.27 to 1.33 (the versioned binaries beside the kubectl
 * dispatcher), against the embedded server (which claims 1.37) with imperative and declarative
 * commands. 1.32 and newer send built-in kinds as protobuf; older ones JSON.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectlRunner, versionedKubectls } from './testing/kubectl.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

const kubectls = versionedKubectls();
if (kubectls.length === 0) {
  console.warn('\n*** SKIPPING the kubectl version matrix: no kubectl.1.NN binaries beside the file /usr/bin/kubectl resolves to. ***\n');
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe.skipIf(kubectls.length === 0)('the kubectl dispatcher', () => {
  it('has no kubectl 1.37 for the server, which claims 1.37: it runs its own kubectl 1.32 and warns of the skew', async () => {
    expect((await server.call('GET', '/version')).body).toMatchObject({ major: '1', minor: '37', gitVersion: 'v1.37.2-dojo', goVersion: 'go1.26.10' });
    const dispatcher = kubectlRunner(server.kubeconfigPath, '/usr/bin/kubectl');
    const dispatched = await dispatcher.run(['version', '-o', 'json']);
    const version = JSON.parse(dispatched.stdout);
    expect(version.clientVersion).toMatchObject({ major: '1', minor: '32+', gitVersion: 'v1.32.4-dispatcher' });
    expect(version.serverVersion.gitVersion).toBe('v1.37.2-dojo');
    expect(dispatched.stderr).toContain('WARNING: version difference between client (1.32) and server (1.37) exceeds the supported minor version skew of +/-1');
    // Other commands run without a word about it.
    const listed = await dispatcher.run(['get', 'namespace', 'default', '-o', 'name']);
    expect(listed).toEqual({ code: 0, stdout: 'namespace/default\n', stderr: '' });
  });
});

const manifest = (ns: string, mode: string, replicas: number) => `
apiVersion: v1
kind: ConfigMap
metadata: { name: app-config, namespace: ${ns} }
data: { mode: ${mode} }
---
apiVersion: apps/v1
kind: Deployment
metadata: { name: app, namespace: ${ns}, labels: { app: app } }
spec:
  replicas: ${replicas}
  selector: { matchLabels: { app: app } }
  template:
    metadata: { labels: { app: app } }
    spec: { containers: [{ name: app, image: "example.com/app:1" }] }
`;

describe.skipIf(kubectls.length === 0).each(kubectls)('kubectl $version', ({ version, path }) => {
  const ns = `kubectl-${version.replace('.', '-')}`;
  const out = async (args: string[], stdin?: string) => {
    const result = await kubectlRunner(server.kubeconfigPath, path).run(args, stdin);
    expect(result.stderr, `kubectl ${args.join(' ')}`).toBe('');
    expect(result.code).toBe(0);
    return result.stdout.trim();
  };

  it('creates a namespace, configmap, secret and deployment, scales, labels and deletes them', async () => {
    const kubectl = kubectlRunner(server.kubeconfigPath, path);
    const run = async (...args: string[]) => {
      const result = await kubectl.run(args);
      expect(result.stderr, `kubectl ${args.join(' ')}`).toBe('');
      return result.stdout.trim();
    };
    expect(await run('create', 'namespace', ns)).toBe(`namespace/${ns} created`);
    expect(await run('create', 'configmap', 'settings', '-n', ns, '--from-literal=color=blue')).toBe('configmap/settings created');
    expect(await run('create', 'secret', 'generic', 'creds', '-n', ns, '--from-literal=password=s3cret')).toBe('secret/creds created');
    expect(await run('create', 'deployment', 'web', '-n', ns, '--image=example.com/web:1', '--replicas=2')).toBe('deployment.apps/web created');
    expect(await run('scale', 'deployment', 'web', '-n', ns, '--replicas=3')).toBe('deployment.apps/web scaled');
    expect(await run('label', 'configmap', 'settings', '-n', ns, 'tier=front')).toBe('configmap/settings labeled');

    const deployment = JSON.parse(await run('get', 'deployment', 'web', '-n', ns, '-o', 'json'));
    expect(deployment.spec).toMatchObject({ replicas: 3, template: { spec: { containers: [{ name: 'web', image: 'example.com/web:1' }] } } });
    const secret = JSON.parse(await run('get', 'secret', 'creds', '-n', ns, '-o', 'json'));
    expect(Buffer.from(secret.data.password, 'base64').toString()).toBe('s3cret');
    expect(await run('get', 'configmap', 'settings', '-n', ns, '-o', 'jsonpath={.data.color} {.metadata.labels.tier}')).toBe('blue front');
    expect(await run('get', 'namespace', ns, '-o', 'jsonpath={.metadata.labels}')).toBe(`{"kubernetes.io/metadata.name":"${ns}"}`);

    expect(await run('delete', 'configmap', 'settings', '-n', ns)).toBe('configmap "settings" deleted');
    expect(await run('delete', 'deployment', 'web', '-n', ns)).toBe('deployment.apps "web" deleted');
    expect((await kubectl.run(['get', 'configmap', 'settings', '-n', ns])).stderr).toContain('configmaps "settings" not found');
  });

  it('applies a manifest, diffs a change, applies it, and applies server-side', async () => {
    expect(await out(['apply', '-f', '-'], manifest(ns, 'a', 1))).toBe(`configmap/app-config created\ndeployment.apps/app created`);
    expect(await out(['apply', '-f', '-'], manifest(ns, 'a', 1))).toBe(`configmap/app-config unchanged\ndeployment.apps/app unchanged`);
    const diff = await kubectlRunner(server.kubeconfigPath, path).run(['diff', '-f', '-'], manifest(ns, 'b', 2));
    expect(diff.code).toBe(1);
    expect(diff.stdout).toMatch(/^-\s+mode: a$/m);
    expect(diff.stdout).toMatch(/^\+\s+mode: b$/m);
    expect(diff.stdout).toMatch(/^\+\s+replicas: 2$/m);
    expect(await out(['apply', '-f', '-'], manifest(ns, 'b', 2))).toBe(`configmap/app-config configured\ndeployment.apps/app configured`);
    expect((await kubectlRunner(server.kubeconfigPath, path).run(['diff', '-f', '-'], manifest(ns, 'b', 2))).code).toBe(0);
    expect(await out(['apply', '--server-side', '--force-conflicts', '-f', '-'], manifest(ns, 'c', 4))).toBe(
      `configmap/app-config serverside-applied\ndeployment.apps/app serverside-applied`,
    );
    expect(await out(['get', 'deployment', 'app', '-n', ns, '-o', 'jsonpath={.spec.replicas}'])).toBe('4');
    expect(await out(['delete', 'namespace', ns, '--wait=false'])).toBe(`namespace "${ns}" deleted`);
  });
});

/**
 * The kubectl scenario: the real kubectl binary against the embedded server, doing what a
 * person debugging the Dojo operator does, with kube-apiserver's exact outputs.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectlRunner } from './testing/kubectl.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

const dojoCrd = fileURLToPath(new URL('../../operator/crds/core.jutsu.com_dojos.yaml', import.meta.url));

const dojo = (name: string, spec: Record<string, unknown> = {}) =>
  JSON.stringify({
    apiVersion: 'core.jutsu.com/v1',
    kind: 'Dojo',
    metadata: { name, namespace: 'default' },
    spec: { accountId: 'acc-1', title: `Dojo ${name}`, credentialsRef: { name: `${name}-app` }, ...spec },
  });

let server: TestServer;
let kubectl: ReturnType<typeof kubectlRunner>;

beforeAll(async () => {
  server = await startTestServer();
  kubectl = kubectlRunner(server.kubeconfigPath);
  const applied = await kubectl.run(['apply', '-f', dojoCrd]);
  expect(applied.stderr).toBe('');
  expect(applied.stdout.trim()).toBe('customresourcedefinition.apiextensions.k8s.io/dojos.core.jutsu.com created');
  const established = await kubectl.run(['wait', '--for=condition=Established', 'crd/dojos.core.jutsu.com', '--timeout=10s']);
  expect(established.stdout.trim()).toBe('customresourcedefinition.apiextensions.k8s.io/dojos.core.jutsu.com condition met');
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('kubectl against the embedded API server', () => {
  it('applies, gets with printer columns, patches and scales a Dojo', async () => {
    expect((await kubectl.run(['apply', '-f', '-'], dojo('kyoto'))).stdout.trim()).toBe('dojo.core.jutsu.com/kyoto created');
    expect((await kubectl.run(['apply', '-f', '-'], dojo('kyoto'))).stdout.trim()).toBe('dojo.core.jutsu.com/kyoto unchanged');
    const table = await kubectl.run(['get', 'dojos']);
    expect(table.stderr).toBe('');
    const [header, row] = table.stdout.trim().split('\n');
    expect(header!.split(/\s+/)).toEqual(['NAME', 'TITLE', 'READY', 'AVAILABLE', 'DEGRADED', 'AGE']);
    // Status columns stay blank until the operator writes status, as with a real cluster.
    expect(row).toMatch(/^kyoto\s+Dojo kyoto\s+\d+s$/);

    const patched = await kubectl.run(['patch', 'dojo', 'kyoto', '--type', 'merge', '-p', '{"spec":{"title":"Renamed"}}']);
    expect(patched.stdout.trim()).toBe('dojo.core.jutsu.com/kyoto patched');
    const scaled = await kubectl.run(['scale', 'dojo', 'kyoto', '--replicas', '3']);
    expect(scaled.stdout.trim()).toBe('dojo.core.jutsu.com/kyoto scaled');
    const got = JSON.parse((await kubectl.run(['get', 'dojo', 'kyoto', '-o', 'json'])).stdout);
    expect(got.spec).toMatchObject({ title: 'Renamed', replicas: 3, database: 'Postgres' });
    expect(got.metadata.generation).toBe(3);
  });

  it('waits for a condition written through the status subresource', async () => {
    await kubectl.run(['apply', '-f', '-'], dojo('osaka'));
    const waiting = kubectl.run(['wait', '--for=condition=Available', 'dojo/osaka', '--timeout=20s']);
    const current = await server.call('GET', '/apis/core.jutsu.com/v1/namespaces/default/dojos/osaka');
    const status = {
      conditions: [{ type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable', message: '1/1 ready', lastTransitionTime: '2026-01-01T00:00:00Z' }],
    };
    const put = await server.call('PUT', '/apis/core.jutsu.com/v1/namespaces/default/dojos/osaka/status', { ...current.body, status });
    expect(put.status).toBe(200);
    const waited = await waiting;
    expect(waited.stdout.trim()).toBe('dojo.core.jutsu.com/osaka condition met');
  });

  it('prints the Conflict message for a stale replace', async () => {
    await kubectl.run(['apply', '-f', '-'], dojo('nara'));
    const stale = (await kubectl.run(['get', 'dojo', 'nara', '-o', 'json'])).stdout;
    await kubectl.run(['patch', 'dojo', 'nara', '--type', 'merge', '-p', '{"spec":{"title":"Newer"}}']);
    const replaced = await kubectl.run(['replace', '-f', '-'], stale);
    expect(replaced.code).not.toBe(0);
    expect(replaced.stderr).toContain(
      'Operation cannot be fulfilled on dojos.core.jutsu.com "nara": the object has been modified; please apply your changes to the latest version and try again',
    );
  });

  it('prints validation errors exactly as kube-apiserver words them', async () => {
    const negative = await kubectl.run(['apply', '-f', '-'], dojo('bad-replicas', { replicas: -1 }));
    expect(negative.code).not.toBe(0);
    expect(negative.stderr).toContain('spec.replicas: Invalid value: -1: spec.replicas in body should be greater than or equal to 0');
    const engine = await kubectl.run(['apply', '-f', '-'], dojo('bad-db', { database: 'MySQL' }));
    expect(engine.stderr).toContain('spec.database: Unsupported value: "MySQL": supported values: "Postgres", "Mongo"');
  });

  it('streams changes with get -w', async () => {
    await kubectl.run(['apply', '-f', '-'], dojo('sapporo'));
    const watcher = kubectl.spawn(['get', 'dojos', 'sapporo', '-w', '--output-watch-events']);
    let out = '';
    const sawModified = new Promise<void>((resolve) => {
      watcher.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (/MODIFIED\s+sapporo\s+Watched/.test(out)) resolve();
      });
    });
    await new Promise((r) => setTimeout(r, 1500));
    await kubectl.run(['patch', 'dojo', 'sapporo', '--type', 'merge', '-p', '{"spec":{"title":"Watched"}}']);
    await sawModified;
    watcher.kill();
    expect(out).toMatch(/ADDED\s+sapporo/);
  });

  it('keeps an object with a finalizer terminating until the finalizer is removed, bumping generation once as deletion starts', async () => {
    await kubectl.run(
      ['apply', '-f', '-'],
      JSON.stringify({ ...JSON.parse(dojo('kobe')), metadata: { name: 'kobe', namespace: 'default', finalizers: ['core.jutsu.com/cleanup'] } }),
    );
    const before = JSON.parse((await kubectl.run(['get', 'dojo', 'kobe', '-o', 'json'])).stdout);
    const deleted = await kubectl.run(['delete', 'dojo', 'kobe', '--wait=false']);
    expect(deleted.stdout.trim()).toBe('dojo.core.jutsu.com "kobe" deleted');
    const terminating = JSON.parse((await kubectl.run(['get', 'dojo', 'kobe', '-o', 'json'])).stdout);
    expect(terminating.metadata.deletionTimestamp).toBeTruthy();
    // As kube-apiserver's markAsDeleting: a GenerationChangedPredicate sees deletion start.
    expect(terminating.metadata.generation).toBe(before.metadata.generation + 1);
    await kubectl.run(['delete', 'dojo', 'kobe', '--wait=false']);
    expect(JSON.parse((await kubectl.run(['get', 'dojo', 'kobe', '-o', 'json'])).stdout).metadata.generation).toBe(before.metadata.generation + 1);
    await kubectl.run(['patch', 'dojo', 'kobe', '--type', 'json', '-p', '[{"op":"remove","path":"/metadata/finalizers"}]']);
    const gone = await kubectl.run(['get', 'dojo', 'kobe']);
    expect(gone.stderr.trim()).toBe('Error from server (NotFound): dojos.core.jutsu.com "kobe" not found');
  });

  it('explains the Dojo schema from OpenAPI v3', async () => {
    const explained = await kubectl.run(['explain', 'dojo.spec']);
    expect(explained.stderr).toBe('');
    expect(explained.stdout).toContain('KIND:       Dojo');
    expect(explained.stdout).toContain('DojoSpec is the desired state of a Dojo.');
    expect(explained.stdout).toMatch(/credentialsRef\s+<Object> -required-/);
    expect(explained.stdout).toMatch(/database\s+<string>/);
  });

  it('server-side applies with field ownership and reports a conflict with another manager', async () => {
    const applied = await kubectl.run(['apply', '--server-side', '-f', '-'], dojo('kyushu'));
    expect(applied.stdout.trim()).toBe('dojo.core.jutsu.com/kyushu serverside-applied');
    const other = JSON.stringify({ ...JSON.parse(dojo('kyushu')), spec: { ...JSON.parse(dojo('kyushu')).spec, title: 'Taken over' } });
    const conflict = await kubectl.run(['apply', '--server-side', '--field-manager=intruder', '-f', '-'], other);
    expect(conflict.code).not.toBe(0);
    // The first owner applied (an Apply entry), so no "using <apiVersion>" suffix, as in kube.
    expect(conflict.stderr).toContain('Apply failed with 1 conflict: conflict with "kubectl": .spec.title');
    const forced = await kubectl.run(['apply', '--server-side', '--field-manager=intruder', '--force-conflicts', '-f', '-'], other);
    expect(forced.stdout.trim()).toBe('dojo.core.jutsu.com/kyushu serverside-applied');
    const got = JSON.parse((await kubectl.run(['get', 'dojo', 'kyushu', '-o', 'json', '--show-managed-fields'])).stdout);
    expect(got.spec.title).toBe('Taken over');
    expect(got.metadata.managedFields.map((m: { manager: string }) => m.manager).sort()).toEqual(['intruder', 'kubectl']);
  });

  it('applies a Deployment twice with a client-side strategic merge', async () => {
    const deployment = (image: string) =>
      JSON.stringify({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'web', namespace: 'default' },
        spec: {
          replicas: 2,
          selector: { matchLabels: { app: 'web' } },
          template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image, env: [{ name: 'A', value: '1' }] }] } },
        },
      });
    expect((await kubectl.run(['apply', '-f', '-'], deployment('nginx:1.25'))).stdout.trim()).toBe('deployment.apps/web created');
    expect((await kubectl.run(['apply', '-f', '-'], deployment('nginx:1.26'))).stdout.trim()).toBe('deployment.apps/web configured');
    const got = JSON.parse((await kubectl.run(['get', 'deployment', 'web', '-o', 'json'])).stdout);
    expect(got.spec.template.spec.containers[0]).toMatchObject({ name: 'web', image: 'nginx:1.26', env: [{ name: 'A', value: '1' }] });
    expect(got.metadata.generation).toBe(2);
    const table = await kubectl.run(['get', 'deployments']);
    expect(table.stdout.split('\n')[0]!.split(/\s+/)).toEqual(['NAME', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'AGE']);
  });

  it('leaves a deleted namespace Terminating and refuses new objects in it', async () => {
    await kubectl.run(['create', 'namespace', 'doomed']);
    const deleted = await kubectl.run(['delete', 'namespace', 'doomed', '--wait=false']);
    expect(deleted.stdout.trim()).toBe('namespace "doomed" deleted');
    const ns = JSON.parse((await kubectl.run(['get', 'namespace', 'doomed', '-o', 'json'])).stdout);
    expect(ns.status.phase).toBe('Terminating');
    const refused = await kubectl.run(['create', 'configmap', 'late', '-n', 'doomed']);
    expect(refused.stderr).toContain('unable to create new content in namespace doomed because it is being terminated');
  });
});

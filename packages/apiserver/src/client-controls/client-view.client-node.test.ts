/**
 * A connected client's view controls against a real client: @kubernetes/client-node informers
 * (list, then watch, relist) and kubectl, connected as the client "op" with its own token,
 * while the admin edits the cluster. The client's reaction (it copies each ConfigMap's `v` to
 * `reaction-<name>`) shows what it has seen.
 */
import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient } from '../clients/client-kubeconfigs.ts';
import { kubectlRunner } from '../testing/kubectl.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
let admin: k8s.CoreV1Api;
let op: k8s.KubeConfig;
let opKubeconfig: string;

const ns = 'default';
const mergePatch = k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch);

beforeAll(async () => {
  server = await startTestServer({ watch: { bookmarkIntervalMs: 200 } });
  const adminConfig = new k8s.KubeConfig();
  adminConfig.loadFromFile(server.kubeconfigPath);
  admin = adminConfig.makeApiClient(k8s.CoreV1Api);
  opKubeconfig = connectClient(server.dataDir, 'op', server.url).kubeconfigPath;
  op = new k8s.KubeConfig();
  op.loadFromFile(opKubeconfig);
});
afterAll(async () => {
  await server?.stop();
});

/** The client: an informer on ConfigMaps labelled `suite`, writing `reaction-<name>` with the `v` it saw. */
async function startReactor(suite: string) {
  const core = op.makeApiClient(k8s.CoreV1Api);
  const informer = k8s.makeInformer(
    op,
    `/api/v1/namespaces/${ns}/configmaps`,
    () => core.listNamespacedConfigMap({ namespace: ns, labelSelector: `suite=${suite}` }),
    `suite=${suite}`,
  );
  const react = (o: k8s.V1ConfigMap) => {
    const body = { metadata: { name: `reaction-${o.metadata!.name}` }, data: { v: o.data?.v ?? '' } };
    void core
      .replaceNamespacedConfigMap({ name: body.metadata.name, namespace: ns, body })
      .catch(() => core.createNamespacedConfigMap({ namespace: ns, body }).catch(() => {}));
  };
  informer.on('add', react);
  informer.on('update', react);
  await informer.start();
  return {
    informer,
    names: () =>
      informer
        .list()
        .map((o) => o.metadata!.name)
        .sort(),
  };
}

const reaction = async (name: string) => (await admin.readNamespacedConfigMap({ name: `reaction-${name}`, namespace: ns }).catch(() => undefined))?.data?.v;
const heldCount = () => server.clientControls.state('op').watches.reduce((n, w) => n + w.held.length, 0);
const edit = (name: string, v: string) => admin.patchNamespacedConfigMap({ name, namespace: ns, body: { data: { v } } }, mergePatch);
const create = (name: string, suite: string, v = '1') =>
  admin.createNamespacedConfigMap({ namespace: ns, body: { metadata: { name, labels: { suite } }, data: { v } } });

describe("a connected client's view, held and stepped (client-node informers, kubectl)", () => {
  it('pause holds its reaction to an edit until resume, and a relist during the pause sees the paused view', async () => {
    await create('a', 'pause');
    const reactor = await startReactor('pause');
    await expect.poll(() => reaction('a'), { timeout: 10_000 }).toBe('1');

    server.clientControls.command('op', { op: 'pause' });
    await edit('a', '2');
    await create('b', 'pause');
    // Outside its informer's selector: nothing of it is held (nor sent).
    await admin.createNamespacedConfigMap({ namespace: ns, body: { metadata: { name: 'unrelated' } } });
    await expect.poll(heldCount, { timeout: 10_000 }).toBe(2);
    // Held by the server: the client has not seen the edit, so it has not reacted.
    expect(await reaction('a')).toBe('1');
    expect(await reaction('b')).toBeUndefined();

    // A new informer (a relist) sees the cluster as it was at the pause.
    const relisted = await startReactor('pause');
    expect(relisted.names()).toEqual(['a']);
    expect(relisted.informer.get('a', ns)?.data?.v).toBe('1');
    // So do kubectl's GET and LIST, and the journal marks those answers.
    const kubectl = kubectlRunner(opKubeconfig);
    expect((await kubectl.run(['get', 'configmap', 'a', '-n', ns, '-o', 'jsonpath={.data.v}'])).stdout).toBe('1');
    expect((await kubectl.run(['get', 'configmaps', '-n', ns, '-l', 'suite=pause', '-o', 'name'])).stdout.trim()).toBe('configmap/a');
    const pausedReads = server.journal!.records(0).filter((r) => r.type === 'request' && r.user === 'op' && r.view?.readReason === 'pause');
    expect(pausedReads.length).toBeGreaterThanOrEqual(3);

    const resumed = server.clientControls.command('op', { op: 'resume' });
    expect(resumed.released).toBeGreaterThanOrEqual(2);
    await expect.poll(() => reaction('a'), { timeout: 10_000 }).toBe('2');
    await expect.poll(() => reaction('b'), { timeout: 10_000 }).toBe('1');
    const released = server.journal!.records(0).filter((r) => r.type === 'watch-event' && r.view?.releasedBy === 'resume');
    expect(released.length).toBeGreaterThanOrEqual(2);
    await reactor.informer.stop();
    await relisted.informer.stop();
  });

  it('step releases exactly one event', async () => {
    await create('s1', 'step');
    await create('s2', 'step');
    const reactor = await startReactor('step');
    await expect.poll(() => reaction('s2'), { timeout: 10_000 }).toBe('1');
    server.clientControls.command('op', { op: 'pause' });
    await edit('s1', '2');
    await edit('s2', '2');
    await expect.poll(heldCount, { timeout: 10_000 }).toBe(2);

    const stepped = server.clientControls.command('op', { op: 'step' });
    expect(stepped.stepped).toMatchObject({ type: 'MODIFIED', kind: 'ConfigMap', name: 's1' });
    await expect.poll(() => reaction('s1'), { timeout: 10_000 }).toBe('2');
    // Its own write (the reaction) went through; the event of that write is held like any other.
    expect(await reaction('s2')).toBe('1');
    expect(heldCount()).toBeGreaterThanOrEqual(1);
    server.clientControls.command('op', { op: 'resume' });
    await expect.poll(() => reaction('s2'), { timeout: 10_000 }).toBe('2');
    await reactor.informer.stop();
  });

  it('a breakpoint on one object holds only that object, and continue releases it', async () => {
    await create('x', 'break');
    await create('y', 'break');
    const reactor = await startReactor('break');
    await expect.poll(() => reaction('y'), { timeout: 10_000 }).toBe('1');
    server.clientControls.command('op', { op: 'break', breakpoint: { kind: 'ConfigMap', namespace: ns, name: 'x' } });
    await edit('x', '2');
    await edit('y', '2');
    await expect.poll(() => reaction('y'), { timeout: 10_000 }).toBe('2');
    expect(await reaction('x')).toBe('1');
    expect(server.clientControls.state('op').watches.flatMap((w) => w.held.map((h) => h.name))).toEqual(['x']);
    server.clientControls.command('op', { op: 'continue' });
    await expect.poll(() => reaction('x'), { timeout: 10_000 }).toBe('2');
    await reactor.informer.stop();
  });

  it("answers a stale client's reads from an older resourceVersion, and the admin's from the latest", async () => {
    await create('old', 'stale', '1');
    await edit('old', '2');
    server.clientControls.command('op', { op: 'stale', stale: { behind: 1 } });
    const kubectl = kubectlRunner(opKubeconfig);
    expect((await kubectl.run(['get', 'configmap', 'old', '-n', ns, '-o', 'jsonpath={.data.v}'])).stdout).toBe('1');
    expect((await admin.readNamespacedConfigMap({ name: 'old', namespace: ns })).data?.v).toBe('2');
    server.clientControls.command('op', { op: 'stale', stale: null });
    expect((await kubectl.run(['get', 'configmap', 'old', '-n', ns, '-o', 'jsonpath={.data.v}'])).stdout).toBe('2');
  });
});

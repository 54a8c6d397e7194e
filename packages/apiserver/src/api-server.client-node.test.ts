/** @kubernetes/client-node against the embedded server: list, watch, informers and 410 relists. */
import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;
let kc: k8s.KubeConfig;

beforeAll(async () => {
  server = await startTestServer({ watch: { bookmarkIntervalMs: 200 } });
  kc = new k8s.KubeConfig();
  kc.loadFromFile(server.kubeconfigPath);
});
afterAll(async () => {
  await server?.stop();
});

const cm = (name: string, labels: Record<string, string> = {}): k8s.V1ConfigMap => ({ metadata: { name, labels }, data: { name } });

describe('client-node against the embedded server', () => {
  it('creates, lists with a label selector and pages with limit/continue', async () => {
    const core = kc.makeApiClient(k8s.CoreV1Api);
    for (let i = 0; i < 5; i++) await core.createNamespacedConfigMap({ namespace: 'default', body: cm(`page-${i}`, { suite: 'paging' }) });
    const first = await core.listNamespacedConfigMap({ namespace: 'default', labelSelector: 'suite=paging', limit: 2 });
    expect(first.items.map((i) => i.metadata?.name)).toEqual(['page-0', 'page-1']);
    const rest = await core.listNamespacedConfigMap({ namespace: 'default', labelSelector: 'suite=paging', limit: 10, _continue: first.metadata?._continue });
    expect(rest.items.map((i) => i.metadata?.name)).toEqual(['page-2', 'page-3', 'page-4']);
  });

  it('reports NotFound and Conflict as typed API errors', async () => {
    const core = kc.makeApiClient(k8s.CoreV1Api);
    await expect(core.readNamespacedConfigMap({ name: 'missing', namespace: 'default' })).rejects.toMatchObject({ code: 404 });
    const created = await core.createNamespacedConfigMap({ namespace: 'default', body: cm('conflicted') });
    await core.replaceNamespacedConfigMap({ name: 'conflicted', namespace: 'default', body: { ...created, data: { v: '2' } } });
    await expect(core.replaceNamespacedConfigMap({ name: 'conflicted', namespace: 'default', body: { ...created, data: { v: '3' } } })).rejects.toMatchObject({ code: 409 });
  });

  it('feeds an informer that starts from a list and follows a watch', async () => {
    const core = kc.makeApiClient(k8s.CoreV1Api);
    const informer = k8s.makeInformer(kc, '/api/v1/namespaces/default/configmaps', () => core.listNamespacedConfigMap({ namespace: 'default', labelSelector: 'suite=informer' }), 'suite=informer');
    const seen: string[] = [];
    informer.on('add', (o) => seen.push(`add:${o.metadata?.name}`));
    informer.on('update', (o) => seen.push(`update:${o.metadata?.name}:${o.data?.v}`));
    informer.on('delete', (o) => seen.push(`delete:${o.metadata?.name}`));
    await core.createNamespacedConfigMap({ namespace: 'default', body: cm('before', { suite: 'informer' }) });
    await informer.start();
    await core.createNamespacedConfigMap({ namespace: 'default', body: cm('after', { suite: 'informer' }) });
    await core.patchNamespacedConfigMap({ name: 'after', namespace: 'default', body: { data: { v: '2' } } }, k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch));
    await core.deleteNamespacedConfigMap({ name: 'before', namespace: 'default' });
    await expect.poll(() => seen, { timeout: 5000 }).toEqual(['add:before', 'add:after', 'update:after:2', 'delete:before']);
    expect(informer.list().map((o) => o.metadata?.name)).toEqual(['after']);
    await informer.stop();
  });

  it('answers a watch from a compacted resourceVersion with 410 Expired, and a relist recovers', async () => {
    const core = kc.makeApiClient(k8s.CoreV1Api);
    const list = await core.listNamespacedConfigMap({ namespace: 'default' });
    const oldRv = list.metadata!.resourceVersion!;
    await core.createNamespacedConfigMap({ namespace: 'default', body: cm('after-compaction') });
    server.compactHistory();
    const watch = new k8s.Watch(kc);
    const events: { type: string; code?: number; reason?: string }[] = [];
    await new Promise<void>((resolve) => {
      void watch.watch(
        '/api/v1/namespaces/default/configmaps',
        { resourceVersion: oldRv },
        (type, obj: { code?: number; reason?: string }) => events.push({ type, code: obj.code, reason: obj.reason }),
        () => resolve(),
      );
    });
    expect(events).toEqual([{ type: 'ERROR', code: 410, reason: 'Expired' }]);
    const relisted = await core.listNamespacedConfigMap({ namespace: 'default' });
    expect(relisted.items.some((i) => i.metadata?.name === 'after-compaction')).toBe(true);
  });
});

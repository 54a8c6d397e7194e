import { isNotFound } from '@dojo/kube-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { InformerFactory } from '../informer/informer-factory.ts';
import { createRuntimeMetrics } from '../metrics/runtime-metrics.ts';
import { Journal } from '../telemetry/journal.ts';
import { reconcileContext } from '../telemetry/reconcile-context.ts';
import type { ConflictRecord } from '../telemetry/records.ts';
import { configMap, type ConfigMap } from '../testing/fixtures.ts';
import { startTestApiServer, type TestApiServer } from '@dojo/envtest';
import { CachedReader } from './cached-reader.ts';
import { KubeClient } from './kube-client.ts';
import { builtinTypes } from './resource-type.ts';

const { configMaps, namespaces, secrets } = builtinTypes;
const ns = 'cached';

let server: TestApiServer;
let api: KubeClient;
let factory: InformerFactory;
let reader: CachedReader;
const metrics = createRuntimeMetrics();
const journal = new Journal();

const requests = async () => {
  const text = await metrics.scrape();
  return [...text.matchAll(/^rest_client_requests_total\{[^}]*\} (\d+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
};

beforeAll(async () => {
  server = await startTestApiServer();
  api = await KubeClient.create({
    kubeConfig: server.kubeConfig(),
    metrics: metrics.restClient,
    journal,
    cachedObject: (type, key) => factory.cachedObject(type, key),
  });
  factory = new InformerFactory(api);
  reader = new CachedReader(factory, api);
  await api.create(namespaces, { metadata: { name: ns } });
  await api.create(configMaps, configMap(ns, 'web', { a: '1' }, { labels: { tier: 'web' } }));
  await api.create(configMaps, configMap(ns, 'db', { a: '1' }, { labels: { tier: 'db' } }));
  await api.create(configMaps, configMap('default', 'elsewhere'));
  factory.informerFor(configMaps);
  factory.start();
  await factory.waitForCacheSync();
});

afterAll(async () => {
  await factory?.stop();
  api?.close();
  await server?.stop();
});

describe('CachedReader', () => {
  it('reads a watched type from the informer cache without a request, as a copy the caller may edit', async () => {
    const before = await requests();
    const web = await reader.get<ConfigMap>(configMaps, { namespace: ns, name: 'web' });
    web.data = { edited: 'locally' };
    const again = await reader.get<ConfigMap>(configMaps, { namespace: ns, name: 'web' });
    expect(again.data).toEqual({ a: '1' });
    expect(await requests()).toBe(before);
  });

  it('leaves managedFields out of what it returns, and an update of such a read keeps the stored ones', async () => {
    const cached = await reader.get<ConfigMap>(configMaps, { namespace: ns, name: 'web' });
    expect(cached.metadata.managedFields).toBeUndefined();
    expect(factory.cachedObject(configMaps, `${ns}/web`)?.metadata.managedFields?.length).toBeGreaterThan(0);
    expect((await reader.list(configMaps, { namespace: ns })).items.every((o) => o.metadata.managedFields === undefined)).toBe(true);
    const updated = await api.update(configMaps, { ...cached, data: { a: '2' } }, { fieldManager: 'updater' });
    expect(updated.metadata.managedFields?.map((e) => e.manager)).toContain('updater');
    expect(updated.metadata.managedFields?.length).toBeGreaterThan(1);
  });

  it('answers NotFound from the cache, like the API server would', async () => {
    const error = await reader.get(configMaps, { namespace: ns, name: 'absent' }).catch((e: unknown) => e);
    expect(isNotFound(error)).toBe(true);
    expect((error as Error).message).toBe('configmaps "absent" not found');
  });

  it('lists from the cache by namespace, labels and name', async () => {
    const names = async (options: Parameters<CachedReader['list']>[1]) => (await reader.list(configMaps, options)).items.map((o) => o.metadata.name).sort();
    expect(await names({ namespace: ns })).toEqual(['db', 'web']);
    expect(await names({ namespace: ns, labelSelector: 'tier=web' })).toEqual(['web']);
    expect(await names({ fieldSelector: 'metadata.name=elsewhere' })).toEqual(['elsewhere']);
  });

  it('answers the same from the label index as a scan would, whatever the selector', async () => {
    const names = async (options: Parameters<CachedReader['list']>[1]) => (await reader.list(configMaps, options)).items.map((o) => o.metadata.name).sort();
    expect(await names({ namespace: ns, labelSelector: 'tier=web,tier!=db' })).toEqual(['web']);
    expect(await names({ namespace: ns, labelSelector: 'tier in (web,db)' })).toEqual(['db', 'web']);
    expect(await names({ namespace: ns, labelSelector: 'tier=web,missing=label' })).toEqual([]);
    expect(await names({ namespace: 'default', labelSelector: 'tier=web' })).toEqual([]);
    expect(await names({ labelSelector: 'tier=web' })).toEqual(['web']);
    expect(await names({ namespace: '', labelSelector: 'tier=db' })).toEqual(['db']);
  });

  it('goes to the API server for types without an informer, and for pages', async () => {
    await api.create(secrets, { metadata: { namespace: ns, name: 'token' }, stringData: { t: 'x' } });
    const before = await requests();
    expect((await reader.get(secrets, { namespace: ns, name: 'token' })).metadata.name).toBe('token');
    expect((await reader.list(configMaps, { namespace: ns, limit: 1 })).items).toHaveLength(1);
    expect(await requests()).toBe(before + 2);
  });

  it('lets a conflict record take the winning version from the cache once the cache has it', async () => {
    const stale = await reader.get(configMaps, { namespace: ns, name: 'db' });
    const winner = await api.update(configMaps, { ...stale, data: { by: 'winner' } }, { fieldManager: 'winner' });
    await vi.waitFor(() => expect(factory.cachedObject(configMaps, `${ns}/db`)?.metadata.resourceVersion).toBe(winner.metadata.resourceVersion));
    const before = await requests();
    await reconcileContext
      .run({ controller: 'c', reconcileId: 'r-cache', worker: 0, key: `${ns}/db` }, () => api.update(configMaps, { ...stale, data: { by: 'loser' } }))
      .catch(() => undefined);

    const conflict = journal.query({ types: ['conflict'] }).records.at(-1) as ConflictRecord;
    expect(conflict).toMatchObject({ staleRV: stale.metadata.resourceVersion, currentRV: winner.metadata.resourceVersion, currentManager: 'winner' });
    expect(await requests()).toBe(before + 1);
  });
});

describe('InformerFactory', () => {
  it('shares one informer per type, and starts informers asked for after it started', async () => {
    expect(factory.informerFor(configMaps)).toBe(factory.informerFor(configMaps));
    const late = factory.informerFor(secrets);
    await late.waitForSync();
    expect(late.store.get(`${ns}/token`)).toBeDefined();
    expect(factory.state().map((s) => [s.kind, s.synced])).toEqual([
      ['ConfigMap', true],
      ['Secret', true],
    ]);
  });
});

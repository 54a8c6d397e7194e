import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CachedReader } from '../client/cached-reader.ts';
import { KubeClient } from '../client/kube-client.ts';
import { builtinTypes } from '../client/resource-type.ts';
import { Journal } from '../telemetry/journal.ts';
import { reconcileContext } from '../telemetry/reconcile-context.ts';
import type { ConflictRecord } from '../telemetry/records.ts';
import { configMap, type ConfigMap } from '../testing/fixtures.ts';
import { startTestApiServer, type TestApiServer } from '../testing/test-api-server.ts';
import { InformerFactory } from './informer-factory.ts';
import { stripManagedFields } from './strip-managed-fields.ts';

const { configMaps, namespaces } = builtinTypes;
const ns = 'stripped';

let server: TestApiServer;
let api: KubeClient;
let factory: InformerFactory;
let reader: CachedReader;
const journal = new Journal();

beforeAll(async () => {
  server = await startTestApiServer();
  api = await KubeClient.create({ kubeConfig: server.kubeConfig(), journal, cachedObject: (type, key) => factory.cachedObject(type, key) });
  factory = new InformerFactory(api, { transform: stripManagedFields });
  reader = new CachedReader(factory, api);
  await api.create(namespaces, { metadata: { name: ns } });
  await api.create(configMaps, configMap(ns, 'web', { a: '1' }), { fieldManager: 'creator' });
  factory.informerFor(configMaps);
  factory.start();
  await factory.waitForCacheSync();
});

afterAll(async () => {
  await factory?.stop();
  api?.close();
  await server?.stop();
});

describe('stripManagedFields', () => {
  it('caches objects without managedFields, and an update of a cached read keeps the stored ones', async () => {
    const cached = await reader.get<ConfigMap>(configMaps, { namespace: ns, name: 'web' });
    expect(cached.metadata.managedFields).toBeUndefined();
    const updated = await api.update(configMaps, { ...cached, data: { a: '2' } }, { fieldManager: 'updater' });
    expect(updated.metadata.managedFields?.map((e) => e.manager).sort()).toEqual(['creator', 'updater']);
  });

  it('still names the writer that won a conflict, by asking the API server', async () => {
    const stale = await api.get<ConfigMap>(configMaps, { namespace: ns, name: 'web' });
    const winner = await api.update(configMaps, { ...stale, data: { by: 'winner' } }, { fieldManager: 'winner' });
    await vi.waitFor(() => expect(factory.cachedObject(configMaps, `${ns}/web`)?.metadata.resourceVersion).toBe(winner.metadata.resourceVersion));
    await reconcileContext
      .run({ controller: 'c', reconcileId: 'r-strip', worker: 0, key: `${ns}/web` }, () => api.update(configMaps, { ...stale, data: { by: 'loser' } }))
      .catch(() => undefined);
    const conflict = journal.query({ types: ['conflict'] }).records.at(-1) as ConflictRecord;
    expect(conflict).toMatchObject({ staleRV: stale.metadata.resourceVersion, currentRV: winner.metadata.resourceVersion, currentManager: 'winner' });
  });
});

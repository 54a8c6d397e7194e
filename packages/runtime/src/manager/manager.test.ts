import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ControllerBuilder } from '../builder/controller-builder.ts';
import { KubeClient } from '../client/kube-client.ts';
import { builtinTypes } from '../client/resource-type.ts';
import type { ApiCallRecord, ReconcileStartRecord } from '../telemetry/records.ts';
import { configMap } from '../testing/fixtures.ts';
import { startTestApiServer, type TestApiServer } from '@dojo/envtest';
import { Manager } from './manager.ts';

const { configMaps, namespaces } = builtinTypes;

let server: TestApiServer;
let seed: KubeClient;

beforeAll(async () => {
  server = await startTestApiServer();
  seed = await KubeClient.create({ kubeConfig: server.kubeConfig() });
  await seed.create(namespaces, { metadata: { name: 'existing' } });
  for (let i = 0; i < 20; i++) await seed.create(configMaps, configMap('existing', `cm-${i}`));
});

afterAll(async () => {
  seed?.close();
  await server?.stop();
});

describe('Manager', () => {
  it('runs controllers only after the caches synced, and reconciles each existing object once', async () => {
    const manager = await Manager.create({ kubeConfig: server.kubeConfig(), namespace: 'existing' });
    const seen: { key: string; cached: number }[] = [];
    ControllerBuilder.create(manager)
      .for(configMaps)
      .withOptions({ maxConcurrentReconciles: 4 })
      .complete({
        reconcile: async (request) => {
          seen.push({ key: `${request.namespace}/${request.name}`, cached: manager.informers.informerFor(configMaps).store.size });
        },
      });
    expect(manager.readyz().ok).toBe(false);

    await manager.start();
    expect(manager.readyz().ok).toBe(true);
    await vi.waitFor(() => expect(seen).toHaveLength(20));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await manager.stop();

    expect(new Set(seen.map((s) => s.key)).size).toBe(20);
    expect(seen).toHaveLength(20);
    expect(seen.every((s) => s.cached === 20)).toBe(true);
    expect(manager.controllers()[0]?.state.counts.success).toBe(20);
    expect(manager.state().phase).toBe('stopped');
    expect(manager.readyz().ok).toBe(false);
  });

  it('gives reconcilers cached reads and API writes, journaled under the reconcile that made them', async () => {
    const manager = await Manager.create({ kubeConfig: server.kubeConfig(), namespace: 'existing' });
    ControllerBuilder.create(manager)
      .for(configMaps)
      .complete({
        reconcile: async (request) => {
          if (request.name !== 'cm-0') return;
          const current = await manager.client.get(configMaps, request);
          if (!current.metadata.labels?.seen) {
            await manager.client.patch(configMaps, request, { type: 'merge', body: { metadata: { labels: { seen: 'yes' } } } });
          }
        },
      });
    await manager.start();
    await vi.waitFor(() => expect(manager.journal.query({ types: ['api-call'] }).records).toHaveLength(1));
    await manager.stop();

    const [call] = manager.journal.query({ types: ['api-call'] }).records as ApiCallRecord[];
    const starts = manager.journal.query({ types: ['reconcile-start'] }).records as ReconcileStartRecord[];
    const start = starts.find((r) => r.reconcileId === call?.reconcileId);
    expect(call).toMatchObject({ verb: 'patch', resource: 'configmaps', name: 'cm-0', code: 200, controller: 'configmap', fieldManager: 'configmap' });
    expect(start?.key).toBe('existing/cm-0');
    expect(await manager.metrics.scrape()).toMatch(/controller_runtime_reconcile_total\{controller="configmap",result="success"\} [1-9]/);
  });

  it('lets a reconcile in flight finish on stop, and starts no other', async () => {
    const manager = await Manager.create({ kubeConfig: server.kubeConfig(), namespace: 'existing' });
    let started = 0;
    let finished = 0;
    ControllerBuilder.create(manager)
      .for(configMaps)
      .complete({
        reconcile: async () => {
          started++;
          await new Promise((resolve) => setTimeout(resolve, 150));
          finished++;
        },
      });
    await manager.start();
    await vi.waitFor(() => expect(started).toBe(1));
    await manager.stop();
    expect({ started, finished }).toEqual({ started: 1, finished: 1 });
    expect(manager.healthz().ok).toBe(true);
  });
});

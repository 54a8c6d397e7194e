import type { KubeObject } from '@dojo/kube-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../clock/fake-clock.ts';
import { KubeClient } from '../client/kube-client.ts';
import { builtinTypes } from '../client/resource-type.ts';
import { Journal } from '../telemetry/journal.ts';
import type { ConditionTransitionRecord, WatchEventRecord } from '../telemetry/records.ts';
import { configMap, deployment } from '../testing/fixtures.ts';
import { flakyListerWatcher } from '../testing/flaky-lister-watcher.ts';
import { startTestApiServer, type TestApiServer } from '@dojo/envtest';
import { listerWatcherFor } from '../watcher/lister-watcher.ts';
import { SharedInformer, type ResourceEventHandler, type SharedInformerOptions } from './shared-informer.ts';

const { configMaps, deployments, namespaces } = builtinTypes;

let server: TestApiServer;
let client: KubeClient;

beforeAll(async () => {
  server = await startTestApiServer();
  client = await KubeClient.create({ kubeConfig: server.kubeConfig() });
});

afterAll(async () => {
  client?.close();
  await server?.stop();
});

async function informerIn(ns: string, type = configMaps, options: SharedInformerOptions = {}) {
  await client.create(namespaces, { metadata: { name: ns } });
  const source = flakyListerWatcher(listerWatcherFor(client, type, { namespace: ns }));
  const informer = new SharedInformer(type, source, { watcher: { backoff: { initialMs: 10, maxMs: 50 } }, ...options });
  return { informer, source };
}

/** A handler that writes down what it hears, one line per call. */
function recorder() {
  const heard: string[] = [];
  const rv = (o: KubeObject) => o.metadata.resourceVersion;
  const handler: ResourceEventHandler = {
    onAdd: (o, c) => heard.push(`add ${o.metadata.name}${c.initialList ? ' (initial list)' : ''}`),
    onUpdate: (old, o, c) =>
      heard.push(c.resync ? `resync ${o.metadata.name} same=${old === o}` : `update ${o.metadata.name} ${rv(old) !== rv(o) ? 'old->new' : 'same rv'}`),
    onDelete: (o, c) => heard.push(`delete ${o.metadata.name}${c.stateUnknown ? ' (state unknown)' : ''}`),
  };
  return { heard, handler };
}

describe('SharedInformer', () => {
  it('tells its handlers about adds, updates with the old and new object, and deletes', async () => {
    const { informer } = await informerIn('informer-events');
    await client.create(configMaps, configMap('informer-events', 'existing'));
    const { heard, handler } = recorder();
    informer.addEventHandler(handler);
    informer.start();
    await informer.waitForSync();
    expect(informer.hasSynced()).toBe(true);

    const created = await client.create(configMaps, configMap('informer-events', 'new'));
    await client.update(configMaps, { ...created, data: { v: '2' } });
    await client.delete(configMaps, { namespace: 'informer-events', name: 'existing' });
    await vi.waitFor(() => expect(heard).toHaveLength(4));
    await informer.stop();

    expect(heard).toEqual(['add existing (initial list)', 'add new', 'update new old->new', 'delete existing']);
    expect(informer.store.list().map((o) => o.metadata.name)).toEqual(['new']);
  });

  it('first tells a handler registered late about every cached object', async () => {
    const { informer } = await informerIn('informer-late');
    await client.create(configMaps, configMap('informer-late', 'one'));
    informer.start();
    await informer.waitForSync();
    const { heard, handler } = recorder();
    informer.addEventHandler(handler);
    await informer.stop();
    expect(heard).toEqual(['add one (initial list)']);
  });

  it('re-delivers every cached object as an unchanged update each resync period', async () => {
    const clock = new FakeClock();
    const { informer } = await informerIn('informer-resync', configMaps, { clock, resyncPeriodMs: 30_000 });
    await client.create(configMaps, configMap('informer-resync', 'one'));
    const { heard, handler } = recorder();
    informer.addEventHandler(handler);
    informer.start();
    await informer.waitForSync();
    clock.step(30_000);
    clock.step(30_000);
    await informer.stop();
    expect(heard).toEqual(['add one (initial list)', 'resync one same=true', 'resync one same=true']);
  });

  it('after a relist, reports what changed while it was away, deletes with state unknown', async () => {
    const ns = 'informer-relist';
    const { informer, source } = await informerIn(ns);
    await client.create(configMaps, configMap(ns, 'kept'));
    const changed = await client.create(configMaps, configMap(ns, 'changed'));
    await client.create(configMaps, configMap(ns, 'removed'));
    const { heard, handler } = recorder();
    informer.addEventHandler(handler);
    informer.start();
    await informer.waitForSync();

    source.hold();
    source.cut();
    await client.update(configMaps, { ...changed, data: { v: '2' } });
    await client.delete(configMaps, { namespace: ns, name: 'removed' });
    await client.create(configMaps, configMap(ns, 'added'));
    await server.forceHistoryLoss();
    source.release();
    await vi.waitFor(() => expect(informer.state().counters.lists).toBe(2), { timeout: 10_000 });
    await informer.stop();

    expect(heard.slice(3)).toEqual(['delete removed (state unknown)', 'add added', 'update changed old->new']);
    expect(informer.state()).toMatchObject({ synced: true, objects: 3, counters: { expired: 1 } });
  });

  it('journals every change it applies, and each condition whose status moved', async () => {
    const journal = new Journal();
    const ns = 'informer-journal';
    const { informer } = await informerIn(ns, deployments, { journal });
    informer.start();
    await informer.waitForSync();
    const created = await client.create(deployments, deployment(ns, 'web'));
    const condition = (type: string, status: string) => ({
      type,
      status,
      reason: 'Test',
      message: `${type} is ${status}`,
      lastTransitionTime: '2025-01-01T00:00:00Z',
    });
    const progressing = await client.updateStatus(deployments, {
      ...created,
      status: { conditions: [condition('Available', 'False'), condition('Progressing', 'True')] },
    });
    await client.updateStatus(deployments, { ...progressing, status: { conditions: [condition('Available', 'True'), condition('Progressing', 'True')] } });
    await vi.waitFor(() => expect(journal.query({ types: ['watch-event'] }).records).toHaveLength(3));
    await informer.stop();

    const events = journal.query({ types: ['watch-event'] }).records as WatchEventRecord[];
    expect(events.map((e) => [e.event, e.kind, e.key])).toEqual([
      ['ADDED', 'Deployment', `${ns}/web`],
      ['MODIFIED', 'Deployment', `${ns}/web`],
      ['MODIFIED', 'Deployment', `${ns}/web`],
    ]);
    expect(events[0]?.resourceVersion).toBe(created.metadata.resourceVersion);
    const transitions = journal.query({ types: ['condition-transition'] }).records as ConditionTransitionRecord[];
    expect(transitions.map((t) => [t.condition, t.from, t.to])).toEqual([
      ['Available', undefined, 'False'],
      ['Progressing', undefined, 'True'],
      ['Available', 'False', 'True'],
    ]);
  });
});

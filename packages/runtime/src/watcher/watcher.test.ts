import { objectKeyOf, type KubeObject } from '@dojo/kube-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KubeClient } from '../client/kube-client.ts';
import { builtinTypes } from '../client/resource-type.ts';
import { configMap } from '../testing/fixtures.ts';
import { flakyListerWatcher, type FlakyListerWatcher } from '../testing/flaky-lister-watcher.ts';
import { startTestApiServer, type TestApiServer } from '@dojo/envtest';
import { listerWatcherFor } from './lister-watcher.ts';
import { Watcher, type WatcherEvent } from './watcher.ts';

const { configMaps, namespaces } = builtinTypes;

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

async function namespace(name: string): Promise<string> {
  await client.create(namespaces, { metadata: { name } });
  return name;
}

/** Runs a watcher into a Map, as a store would apply its events. */
function reflect(source: FlakyListerWatcher) {
  const watcher = new Watcher(source, { backoff: { initialMs: 20, maxMs: 200 } });
  const abort = new AbortController();
  const cache = new Map<string, KubeObject>();
  const events: WatcherEvent[] = [];
  const running = (async () => {
    for await (const event of watcher.events(abort.signal)) {
      events.push(event);
      if (event.type === 'Restarted') {
        cache.clear();
        for (const o of event.objects) cache.set(objectKeyOf(o), o);
      } else if (event.type === 'Deleted') cache.delete(objectKeyOf(event.object));
      else cache.set(objectKeyOf(event.object), event.object);
    }
  })();
  const restarts = () => events.filter((e) => e.type === 'Restarted');
  return {
    watcher,
    cache,
    events,
    restarts,
    synced: () => vi.waitFor(() => expect(restarts().length).toBeGreaterThan(0)),
    has: (key: string) => vi.waitFor(() => expect(cache.has(key)).toBe(true)),
    stop: async () => {
      abort.abort();
      await running;
    },
  };
}

describe('Watcher against the API server', () => {
  it('lists, then streams additions, modifications and deletions', async () => {
    const ns = await namespace('watch-basic');
    await client.create(configMaps, configMap(ns, 'before'));
    const r = reflect(flakyListerWatcher(listerWatcherFor(client, configMaps, { namespace: ns })));
    await r.synced();
    expect(r.watcher.state.phase).toMatch(/InitListed|Watching/);

    const during = await client.create(configMaps, configMap(ns, 'during'));
    await client.update(configMaps, { ...during, data: { v: '2' } });
    await client.delete(configMaps, { namespace: ns, name: 'before' });
    await vi.waitFor(() => expect([...r.cache.keys()]).toEqual([`${ns}/during`]));
    await r.stop();

    expect(r.events.map((e) => (e.type === 'Restarted' ? `Restarted:${e.objects.length}` : `${e.type}:${e.object.metadata.name}`))).toEqual([
      'Restarted:1',
      'Added:during',
      'Modified:during',
      'Deleted:before',
    ]);
  });

  it('resumes from its last resourceVersion after a dropped connection, without relisting', async () => {
    const ns = await namespace('watch-resume');
    const source = flakyListerWatcher(listerWatcherFor(client, configMaps, { namespace: ns }));
    const r = reflect(source);
    await r.synced();
    await client.create(configMaps, configMap(ns, 'a'));
    await r.has(`${ns}/a`);

    source.cut();
    await client.create(configMaps, configMap(ns, 'written-while-cut'));
    await r.has(`${ns}/written-while-cut`);
    await r.stop();

    expect(r.watcher.counters()).toMatchObject({ lists: 1, expired: 0 });
    expect(source.watches).toBeGreaterThanOrEqual(2);
    expect(r.restarts()).toHaveLength(1);
  });

  it('resumes after the API server restarts, without relisting', async () => {
    const ns = await namespace('watch-restart');
    const r = reflect(flakyListerWatcher(listerWatcherFor(client, configMaps, { namespace: ns })));
    await r.synced();
    // The last write anywhere is one the watcher saw, so its version is the server's current one.
    await client.create(configMaps, configMap(ns, 'latest'));
    await r.has(`${ns}/latest`);

    await server.restart();
    await client.create(configMaps, configMap(ns, 'after-restart'));
    await r.has(`${ns}/after-restart`);
    await r.stop();

    expect(r.watcher.counters()).toMatchObject({ lists: 1, expired: 0 });
    expect(r.restarts()).toHaveLength(1);
  });

  it('relists after 410 Expired, and its Restarted event carries the current set', async () => {
    const ns = await namespace('watch-expired');
    await client.create(configMaps, configMap(ns, 'deleted-while-away'));
    const source = flakyListerWatcher(listerWatcherFor(client, configMaps, { namespace: ns }));
    const r = reflect(source);
    await r.synced();

    source.hold();
    source.cut();
    await client.delete(configMaps, { namespace: ns, name: 'deleted-while-away' });
    await client.create(configMaps, configMap(ns, 'created-while-away'));
    await server.forceHistoryLoss();
    source.release();

    await vi.waitFor(() => expect(r.restarts()).toHaveLength(2), { timeout: 10_000 });
    await r.stop();
    const relisted = r.restarts()[1];
    expect(relisted?.type === 'Restarted' && relisted.objects.map((o) => o.metadata.name)).toEqual(['created-while-away']);
    expect([...r.cache.keys()]).toEqual([`${ns}/created-while-away`]);
    expect(r.watcher.counters()).toMatchObject({ lists: 2, expired: 1 });
  });
});

/**
 * Every watch the API server serves is cut once a second for a minute while Dojos and
 * ConfigMaps churn: the operator's and the control plane's informers resume each time, and at
 * the end every informer's cache, and a live-socket client's cache kept through the console,
 * equals a fresh LIST, and every Dojo still converges.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedInformer } from '@dojo/runtime';
import { startConsole, type ConsoleHarness } from './testing/console-harness.ts';
import { churn } from './testing/churn-load.ts';
import { listThroughConsole, LiveCache } from './testing/live-cache.ts';

let c: ConsoleHarness;
beforeAll(async () => {
  c = await startConsole();
}, 60_000);
afterAll(async () => {
  await c?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sorted = (m: Map<string, string>) => [...m].sort(([a], [b]) => a.localeCompare(b));

function collectionPath(informer: SharedInformer): string {
  const { group, version, resource } = informer.type;
  return `/api/kube${group ? `/apis/${group}/${version}` : `/api/${version}`}/${resource}`;
}

function cacheOf(informer: SharedInformer): Map<string, string> {
  return new Map(informer.store.list().map(({ metadata: m }) => [m.namespace ? `${m.namespace}/${m.name}` : (m.name ?? ''), m.resourceVersion ?? '']));
}

/** Informers whose cache differs from a fresh LIST, with both sides; empty when all agree. */
async function informersBehindList(): Promise<{ resource: string; cache: [string, string][]; list: [string, string][] }[]> {
  const behind = [];
  for (const informer of c.manager.informers.informers()) {
    const list = await listThroughConsole(c, collectionPath(informer));
    const cache = cacheOf(informer);
    if (JSON.stringify(sorted(cache)) !== JSON.stringify(sorted(list.items)))
      behind.push({ resource: informer.type.resource, cache: sorted(cache), list: sorted(list.items) });
  }
  return behind;
}

interface Dojo {
  metadata: { name: string; generation?: number; deletionTimestamp?: string };
  status?: { observedGeneration?: number; conditions?: { type: string; status: string }[] };
}

/** Dojos not (yet) Available for their current generation, or still terminating. */
async function dojosNotConverged(): Promise<string[]> {
  const res = await c.http('GET', '/api/kube/apis/core.jutsu.com/v1/namespaces/default/dojos');
  return (res.body as { items: Dojo[] }).items
    .filter(
      (d) =>
        d.metadata.deletionTimestamp ||
        d.status?.observedGeneration !== d.metadata.generation ||
        !d.status?.conditions?.some((x) => x.type === 'Available' && x.status === 'True'),
    )
    .map((d) => d.metadata.name);
}

async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await probe();
  while (!done(value) && Date.now() < deadline) {
    await sleep(250);
    value = await probe();
  }
  return value;
}

describe('every watch stream dropped once a second for a minute under load', () => {
  it('leaves every informer cache and a live-socket cache equal to a fresh LIST, and every Dojo Available', async () => {
    const apiserver = c.apiserver!;
    const informers = c.manager.informers.informers();
    const watchesBefore = new Map(informers.map((i) => [i.type.resource, i.state().counters.watches]));
    const live = [
      new LiveCache(c, {
        path: '/api/kube/api/v1/namespaces/default/configmaps',
        resource: { group: '', version: 'v1', resource: 'configmaps' },
        namespace: 'default',
      }),
      new LiveCache(c, {
        path: '/api/kube/apis/core.jutsu.com/v1/namespaces/default/dojos',
        resource: { group: 'core.jutsu.com', version: 'v1', resource: 'dojos' },
        namespace: 'default',
      }),
    ];
    for (const cache of live) await cache.listAndWatch();

    const stop = new AbortController();
    const load = churn(c, {
      seed: 9,
      signal: stop.signal,
      dojoNames: Array.from({ length: 8 }, (_, i) => `churn-${i}`),
      configMapNames: Array.from({ length: 16 }, (_, i) => `churn-${i}`),
    });
    // Ended from the server side, as a restart or a proxy's idle timeout ends them.
    const cutPerSecond: number[] = [];
    for (let second = 0; second < 60; second++) {
      await sleep(1000);
      cutPerSecond.push(await apiserver.closeWatches('watch cut by the watch-churn fault test'));
    }
    stop.abort();
    const writes = await load;
    // The churn happened (a quiet machine acknowledges ~600; a loaded one half that): the cuts
    // below fell on live traffic. Not a throughput check — that belongs in the benchmarks.
    expect(writes.acknowledged).toBeGreaterThan(120);

    // (Nearly) every cut ended the watch of every informer and of both live subscriptions: each
    // had resumed within the second since the cut before.
    expect(cutPerSecond.filter((n) => n >= informers.length + live.length).length).toBeGreaterThanOrEqual(55);
    for (const informer of c.manager.informers.informers()) {
      const { watches, errors } = informer.state().counters;
      const resumed = watches - (watchesBefore.get(informer.type.resource) ?? 0);
      expect(resumed, `watches re-opened by the ${informer.type.resource} informer`).toBeGreaterThanOrEqual(55);
      expect(errors, `${informer.type.resource} informer errors`).toBe(0);
    }

    expect(await eventually(dojosNotConverged, (names) => names.length === 0, 90_000)).toEqual([]);
    expect((await listThroughConsole(c, '/api/kube/apis/core.jutsu.com/v1/namespaces/default/dojos')).items.size).toBeGreaterThan(0);
    expect(await eventually(informersBehindList, (behind) => behind.length === 0, 15_000)).toEqual([]);
    for (const cache of live) {
      const sides = async () => ({ cache: sorted(cache.cache), list: sorted((await listThroughConsole(c, cache.collection.path)).items) });
      const final = await eventually(sides, (s) => JSON.stringify(s.cache) === JSON.stringify(s.list), 15_000);
      expect(final.cache, `live cache of ${cache.collection.path}`).toEqual(final.list);
      // A cut stream is resumed by the console from the last resourceVersion: the browser never relists.
      expect(cache.relists).toBe(0);
      cache.close();
    }
  }, 200_000);
});

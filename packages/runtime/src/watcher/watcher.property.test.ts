import type { KubeObject } from '@dojo/kube-api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KubeClient } from '../client/kube-client.ts';
import { builtinTypes } from '../client/resource-type.ts';
import { SharedInformer } from '../informer/shared-informer.ts';
import { configMap } from '../testing/fixtures.ts';
import { flakyListerWatcher } from '../testing/flaky-lister-watcher.ts';
import { startTestApiServer, type TestApiServer } from '@dojo/envtest';
import { listerWatcherFor } from './lister-watcher.ts';

const { configMaps, namespaces } = builtinTypes;
const names = ['a', 'b', 'c', 'd', 'e'];

let server: TestApiServer;
let client: KubeClient;
let runs = 0;

beforeAll(async () => {
  server = await startTestApiServer();
  client = await KubeClient.create({ kubeConfig: server.kubeConfig() });
});

afterAll(async () => {
  client?.close();
  await server?.stop();
});

type Write = { op: 'put' | 'delete'; name: string };
/** What happens to the connection midway, besides streams cut at random times throughout. */
type Disruption = 'none' | 'server-restart' | 'history-loss';

const writeArb: fc.Arbitrary<Write> = fc.record({ op: fc.constantFrom('put' as const, 'put' as const, 'delete' as const), name: fc.constantFrom(...names) });

async function apply(ns: string, writes: readonly Write[]): Promise<void> {
  for (const w of writes) {
    const key = { namespace: ns, name: w.name };
    if (w.op === 'delete') {
      await client.delete(configMaps, key).catch(() => undefined);
      continue;
    }
    const current = await client.get(configMaps, key).catch(() => undefined);
    if (current) await client.update(configMaps, { ...current, data: { n: String(Math.random()) } });
    else await client.create(configMaps, configMap(ns, w.name));
  }
}

const versions = (objects: readonly KubeObject[]) =>
  Object.fromEntries(objects.map((o) => [o.metadata.name, o.metadata.resourceVersion]).sort(([a], [b]) => String(a).localeCompare(String(b))));

async function scenario(disruption: Disruption, writes: readonly Write[], cutDelays: readonly number[]): Promise<void> {
  const ns = `prop-${++runs}`;
  await client.create(namespaces, { metadata: { name: ns } });
  let cuts = 0;
  const source = flakyListerWatcher(listerWatcherFor(client, configMaps, { namespace: ns }), {
    cutAfterMs: () => cutDelays[cuts++ % cutDelays.length],
  });
  const informer = new SharedInformer(configMaps, source, { watcher: { backoff: { initialMs: 5, maxMs: 100 } } });
  informer.start();
  try {
    await informer.waitForSync();
    const half = writes.length >> 1;
    await apply(ns, writes.slice(0, half));
    if (disruption === 'server-restart') await server.restart();
    if (disruption === 'history-loss') {
      // The watcher is kept away while history is lost, so only a relist can tell it what changed.
      source.hold();
      source.cut();
      await apply(ns, writes.slice(half));
      await server.forceHistoryLoss();
      source.release();
    } else {
      await apply(ns, writes.slice(half));
    }
    await vi.waitFor(
      async () => {
        const fresh = await client.list(configMaps, { namespace: ns });
        expect(versions(informer.store.list())).toEqual(versions(fresh.items));
      },
      { timeout: 10_000, interval: 50 },
    );
    if (disruption === 'history-loss') expect(informer.state().counters.expired).toBeGreaterThanOrEqual(1);
  } finally {
    await informer.stop();
  }
}

describe('Watcher, with connections dropped at random while objects change', () => {
  const property = (disruption: Disruption) =>
    fc.asyncProperty(
      fc.array(writeArb, { minLength: 6, maxLength: 24 }),
      fc.array(fc.integer({ min: 2, max: 60 }), { minLength: 1, maxLength: 8 }),
      (writes, cutDelays) => scenario(disruption, writes, cutDelays),
    );

  it('ends with a cache equal to a fresh LIST when streams are cut at random times', async () => {
    await fc.assert(property('none'), { numRuns: 4 });
  });

  it('ends with a cache equal to a fresh LIST across API server restarts', async () => {
    await fc.assert(property('server-restart'), { numRuns: 2 });
  });

  it('ends with a cache equal to a fresh LIST when history is lost while it is away (410, relist)', async () => {
    await fc.assert(property('history-loss'), { numRuns: 2 });
  });
});

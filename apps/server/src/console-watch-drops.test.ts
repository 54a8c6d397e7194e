/**
 * A browser-style client of the console's live socket keeps a cache of configmaps. When its
 * watch position is compacted away (410 Gone) while it is disconnected, the console tells it to
 * relist; it LISTs over HTTP, re-subscribes from that resourceVersion and ends equal to a fresh
 * LIST. A compaction under a live watch loses nothing either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness } from './testing/console-harness.ts';
import { listThroughConsole, LiveCache } from './testing/live-cache.ts';

let c: ConsoleHarness;
beforeAll(async () => {
  c = await startConsole();
}, 60_000);
afterAll(async () => {
  await c?.close();
});

const collection = '/api/kube/api/v1/namespaces/default/configmaps';
const configMaps = { path: collection, resource: { group: '', version: 'v1', resource: 'configmaps' }, namespace: 'default' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const freshList = () => listThroughConsole(c, collection);

async function churn(prefix: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const name = `${prefix}-${i % 7}`;
    const res = await c.http('POST', collection, { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { i: String(i) } } });
    if (res.status === 409) {
      if (i % 3 === 0) await c.http('DELETE', `${collection}/${name}`);
      else await c.http('PUT', `${collection}/${name}`, { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { i: String(i) } } });
    }
  }
}

async function expectConverged(client: LiveCache): Promise<void> {
  let expected = await freshList();
  for (let i = 0; i < 100 && JSON.stringify([...client.cache].sort()) !== JSON.stringify([...expected.items].sort()); i++) {
    await sleep(100);
    expected = await freshList();
  }
  expect([...client.cache].sort()).toEqual([...expected.items].sort());
}

describe('watch streams and compaction through the console', () => {
  it('relists a client whose resourceVersion was compacted while it was disconnected', async () => {
    await churn('gone', 10);
    const client = new LiveCache(c, configMaps);
    await client.listAndWatch();
    await churn('gone', 5);
    await sleep(200);
    client.disconnect();
    await churn('gone', 20);
    await c.apiserver!.compactHistory();
    await churn('gone', 5);

    await client.subscribe();
    for (let i = 0; i < 100 && client.relists === 0; i++) await sleep(50);
    expect(client.relists).toBe(1);
    await churn('gone', 10);
    await expectConverged(client);
    client.disconnect();
  }, 60_000);

  it('keeps a live watch equal to a fresh LIST across compactions during writes', async () => {
    const client = new LiveCache(c, configMaps);
    await client.listAndWatch();
    for (let round = 0; round < 5; round++) {
      await churn(`live-${round}`, 8);
      await c.apiserver!.compactHistory();
    }
    await expectConverged(client);
    client.disconnect();
  }, 60_000);
});

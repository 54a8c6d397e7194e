/**
 * A browser-style client of the console's live socket keeps a cache of configmaps. When its
 * watch position is compacted away (410 Gone) while it is disconnected, the console tells it to
 * relist; it LISTs over HTTP, re-subscribes from that resourceVersion and ends equal to a fresh
 * LIST. A compaction under a live watch loses nothing either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness, type LiveClient } from './testing/console-harness.ts';

let c: ConsoleHarness;
beforeAll(async () => {
  c = await startConsole();
}, 60_000);
afterAll(async () => {
  await c?.close();
});

interface ConfigMap {
  metadata: { name: string; resourceVersion: string };
  data?: Record<string, string>;
}

const collection = '/api/kube/api/v1/namespaces/default/configmaps';
const resource = { group: '', version: 'v1', resource: 'configmaps' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freshList(): Promise<{ items: Map<string, string>; resourceVersion: string }> {
  const res = await c.http('GET', collection);
  expect(res.status).toBe(200);
  const body = res.body as { items: ConfigMap[]; metadata: { resourceVersion: string } };
  return { items: new Map(body.items.map((i) => [i.metadata.name, i.metadata.resourceVersion])), resourceVersion: body.metadata.resourceVersion };
}

/** name -> resourceVersion, kept by LIST + watch events, as the web client's cache is. */
class CachingClient {
  cache = new Map<string, string>();
  resourceVersion = '';
  relists = 0;
  live?: LiveClient;
  #sub = 0;

  async listAndWatch(): Promise<void> {
    const list = await freshList();
    this.cache = list.items;
    this.resourceVersion = list.resourceVersion;
    await this.subscribe();
  }

  /** Subscribes from the cached resourceVersion; a `relist` answer starts over with a LIST. */
  async subscribe(): Promise<void> {
    const live = (this.live = await c.socket());
    const id = `cm-${++this.#sub}`;
    live.ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as { id: string; type: string; event?: { type: string; object: ConfigMap } };
      if (m.id !== id) return;
      if (m.type === 'relist') {
        this.relists++;
        live.ws.close();
        void this.listAndWatch();
      } else if (m.type === 'watch-event' && m.event) {
        const { type, object } = m.event;
        if (type === 'DELETED') this.cache.delete(object.metadata.name);
        else this.cache.set(object.metadata.name, object.metadata.resourceVersion);
        this.resourceVersion = object.metadata.resourceVersion;
      }
    });
    live.send({ op: 'subscribe', id, kind: 'watch', resource, namespace: 'default', resourceVersion: this.resourceVersion });
  }

  disconnect(): void {
    this.live?.ws.close();
  }
}

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

async function expectConverged(client: CachingClient): Promise<void> {
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
    const client = new CachingClient();
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
    const client = new CachingClient();
    await client.listAndWatch();
    for (let round = 0; round < 5; round++) {
      await churn(`live-${round}`, 8);
      await c.apiserver!.compactHistory();
    }
    await expectConverged(client);
    client.disconnect();
  }, 60_000);
});

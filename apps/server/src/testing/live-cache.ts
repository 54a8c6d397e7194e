/**
 * A browser-style cache of one collection kept over the console's live socket: LIST over HTTP,
 * subscribe from that resourceVersion, apply watch events; a `relist` answer starts over. What
 * the web client does, reduced to name -> resourceVersion so a test can compare it with a LIST.
 */
import { formatObjectKey } from '@dojo/kube-api';
import type { ConsoleHarness, LiveClient } from './console-harness.ts';

export interface Collection {
  /** The console's proxy path of the collection, e.g. /api/kube/api/v1/namespaces/default/configmaps. */
  path: string;
  resource: { group: string; version: string; resource: string };
  namespace?: string;
}

interface Item {
  metadata: { namespace?: string; name: string; resourceVersion: string };
}

const keyOf = (item: Item) => formatObjectKey(item.metadata);

/** A fresh LIST through the console: key -> resourceVersion, and the list's resourceVersion. */
export async function listThroughConsole(c: ConsoleHarness, path: string): Promise<{ items: Map<string, string>; resourceVersion: string }> {
  const res = await c.http('GET', path);
  if (res.status !== 200) throw new Error(`LIST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  const body = res.body as { items: Item[]; metadata: { resourceVersion: string } };
  return { items: new Map(body.items.map((i) => [keyOf(i), i.metadata.resourceVersion])), resourceVersion: body.metadata.resourceVersion };
}

export class LiveCache {
  cache = new Map<string, string>();
  resourceVersion = '';
  relists = 0;
  #live?: LiveClient;
  #sub = 0;
  #closed = false;

  constructor(
    private readonly c: ConsoleHarness,
    readonly collection: Collection,
  ) {}

  async listAndWatch(): Promise<void> {
    const list = await listThroughConsole(this.c, this.collection.path);
    this.cache = list.items;
    this.resourceVersion = list.resourceVersion;
    await this.subscribe();
  }

  /** Subscribes from the cached resourceVersion (after `disconnect`, too); a `relist` answer starts over with a LIST. */
  async subscribe(): Promise<void> {
    if (this.#closed) return;
    const live = (this.#live = await this.c.socket());
    const id = `${this.collection.resource.resource}-${++this.#sub}`;
    live.ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as { id: string; type: string; event?: { type: string; object: Item } };
      if (m.id !== id) return;
      if (m.type === 'relist') {
        this.relists++;
        live.ws.close();
        void this.listAndWatch();
      } else if (m.type === 'watch-event' && m.event) {
        const { type, object } = m.event;
        if (type === 'DELETED') this.cache.delete(keyOf(object));
        else this.cache.set(keyOf(object), object.metadata.resourceVersion);
        this.resourceVersion = object.metadata.resourceVersion;
      }
    });
    const { resource, namespace } = this.collection;
    live.send({ op: 'subscribe', id, kind: 'watch', resource, ...(namespace ? { namespace } : {}), resourceVersion: this.resourceVersion });
  }

  /** Drops the socket but keeps the cache, as a browser that lost its connection does; `subscribe` resumes. */
  disconnect(): void {
    this.#live?.ws.close();
  }

  close(): void {
    this.#closed = true;
    this.#live?.ws.close();
  }
}

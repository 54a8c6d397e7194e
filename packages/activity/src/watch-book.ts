/**
 * Every client's watches as the server saw them — the reflector's view from the other side:
 * what each watches, from which resourceVersion, the events it received by type, 410s, how it
 * ended — and how often each client listed each resource (a LIST after the first is a relist:
 * a restart, or a watch that fell too far behind). Closed watches are kept, the newest
 * `closedPerClient` of each client.
 */
import type { ClientWatch, ClientWatches, WatchCloseRecord, WatchDeliveryRecord, WatchOpenRecord } from '@dojo/console-protocol';

interface Watch {
  client: string;
  view: {
    -readonly [K in keyof ClientWatch]: ClientWatch[K];
  };
  events: { added: number; modified: number; deleted: number; bookmarks: number; errors: number };
}

const eventField = { ADDED: 'added', MODIFIED: 'modified', DELETED: 'deleted', BOOKMARK: 'bookmarks', ERROR: 'errors' } as const;

export class WatchBook {
  readonly #open = new Map<string, Watch>();
  readonly #closed = new Map<string, Watch[]>();
  readonly #lists = new Map<string, Map<string, number>>();
  readonly #closedPerClient: number;

  constructor(closedPerClient = 50) {
    this.#closedPerClient = closedPerClient;
  }

  /** The client holding a watch, if the book knows the watch. */
  clientOf(watchId: string): string | undefined {
    return this.#open.get(watchId)?.client;
  }

  /** The record that opened an open watch. */
  opened(watchId: string): ClientWatch | undefined {
    return this.#open.get(watchId)?.view;
  }

  open(client: string, record: WatchOpenRecord): void {
    if (this.#open.has(record.watchId)) return;
    const events = { added: 0, modified: 0, deleted: 0, bookmarks: 0, errors: 0 };
    const view: Watch['view'] = { watchId: record.watchId, group: record.group, version: record.version, resource: record.resource, openedAt: record.time, events, initialEvents: 0 };
    if (record.kind) view.kind = record.kind;
    if (record.namespace) view.namespace = record.namespace;
    if (record.name) view.name = record.name;
    if (record.labelSelector) view.labelSelector = record.labelSelector;
    if (record.fieldSelector) view.fieldSelector = record.fieldSelector;
    if (record.resourceVersion && record.resourceVersion !== '0') view.startResourceVersion = record.resourceVersion;
    if (record.streamingList) view.streamingList = true;
    this.#open.set(record.watchId, { client, view, events });
  }

  event(record: WatchDeliveryRecord): void {
    const watch = this.#open.get(record.watchId);
    if (!watch) return;
    watch.events[eventField[record.event]]++;
    if (record.initial) watch.view.initialEvents++;
    if (record.resourceVersion) watch.view.lastResourceVersion = record.resourceVersion;
    watch.view.lastEventAt = record.time;
  }

  close(record: WatchCloseRecord): void {
    const watch = this.#open.get(record.watchId);
    if (watch) this.#retire(record.watchId, watch, record.time, record.reason);
  }

  /** The stream's hello lists the watches open now: any other one closed while the console was not reading. */
  reconcileOpen(openIds: ReadonlySet<string>, time: number): void {
    for (const [id, watch] of [...this.#open]) if (!openIds.has(id)) this.#retire(id, watch, time, 'closed while the console was not reading the journal');
  }

  #retire(watchId: string, watch: Watch, time: number, reason: string): void {
    this.#open.delete(watchId);
    watch.view.closedAt = time;
    watch.view.closeReason = reason;
    const closed = this.#closed.get(watch.client) ?? [];
    closed.push(watch);
    if (closed.length > this.#closedPerClient) closed.shift();
    this.#closed.set(watch.client, closed);
  }

  listed(client: string, resource: string): void {
    const lists = this.#lists.get(client) ?? new Map<string, number>();
    lists.set(resource, (lists.get(resource) ?? 0) + 1);
    this.#lists.set(client, lists);
  }

  held(client: string): number {
    let n = 0;
    for (const watch of this.#open.values()) if (watch.client === client) n++;
    return n;
  }

  summaries(): ClientWatches[] {
    const clients = new Set([...[...this.#open.values()].map((w) => w.client), ...this.#closed.keys(), ...this.#lists.keys()]);
    return [...clients].sort().map((client) => ({
      client,
      watches: [
        ...[...this.#open.values()].filter((w) => w.client === client).map((w) => ({ ...w.view, events: { ...w.events } })),
        ...(this.#closed.get(client) ?? []).map((w) => ({ ...w.view, events: { ...w.events } })).reverse(),
      ],
      lists: [...(this.#lists.get(client) ?? new Map<string, number>())].map(([resource, lists]) => ({ resource, lists, relists: Math.max(0, lists - 1) })),
    }));
  }
}

/**
 * Every client's watches as the server saw them — the reflector's view from the other side:
 * what each watches, from which resourceVersion, the events it received by type, 410s, how it
 * ended — and how often each client listed each resource (a LIST after the first is a relist:
 * a restart, or a watch that fell too far behind). Closed watches are kept, the newest
 * `closedPerClient` of each client and the newest `closed` of all; open watches at most `open`
 * (the oldest is no longer followed beyond it); LISTs for at most `resourcesPerClient`
 * resources of each client. Every limit is in name-limits.ts; what they left out is counted.
 */
import type { ClientWatch, ClientWatches, WatchCloseRecord, WatchDeliveryRecord, WatchOpenRecord } from '@dojo/console-protocol';
import { nameLimits } from './name-limits.ts';

export interface WatchBookLimits {
  open: number;
  closed: number;
  closedPerClient: number;
  resourcesPerClient: number;
}

const defaultLimits: WatchBookLimits = {
  open: nameLimits.openWatches,
  closed: nameLimits.closedWatches,
  closedPerClient: nameLimits.closedWatchesPerClient,
  resourcesPerClient: 100,
};

interface Watch {
  client: string;
  /** Dropped from the closed watches kept (a limit), or its client forgotten. */
  unlisted?: boolean;
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
  /** Every closed watch kept, oldest first (from `#closedHead` on), to drop the oldest of all. */
  #closedOrder: Watch[] = [];
  #closedHead = 0;
  readonly #limits: WatchBookLimits;
  #dropped = 0;

  constructor(limits: Partial<WatchBookLimits> = {}) {
    this.#limits = { ...defaultLimits, ...limits };
  }

  get limit(): number {
    return this.#limits.open + this.#limits.closed;
  }

  /** Watches no longer listed because of the limits. */
  get dropped(): number {
    return this.#dropped;
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
    const view: Watch['view'] = {
      watchId: record.watchId,
      group: record.group,
      version: record.version,
      resource: record.resource,
      openedAt: record.time,
      events,
      initialEvents: 0,
    };
    if (record.kind) view.kind = record.kind;
    if (record.namespace) view.namespace = record.namespace;
    if (record.name) view.name = record.name;
    if (record.labelSelector) view.labelSelector = record.labelSelector;
    if (record.fieldSelector) view.fieldSelector = record.fieldSelector;
    if (record.resourceVersion && record.resourceVersion !== '0') view.startResourceVersion = record.resourceVersion;
    if (record.streamingList) view.streamingList = true;
    this.#open.set(record.watchId, { client, view, events });
    if (this.#open.size > this.#limits.open) {
      this.#open.delete(this.#open.keys().next().value!);
      this.#dropped++;
    }
  }

  /** A client the console forgot (idle, to make room for another): its closed watches and LISTs go too. */
  forget(client: string): void {
    for (const watch of this.#closed.get(client) ?? []) watch.unlisted = true;
    this.#closed.delete(client);
    this.#lists.delete(client);
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
    if (closed.length > this.#limits.closedPerClient) this.#unlist(closed.shift()!);
    this.#closed.set(watch.client, closed);
    this.#closedOrder.push(watch);
    while (this.#closedOrder.length - this.#closedHead > this.#limits.closed) this.#unlist(this.#closedOrder[this.#closedHead++]!);
    // Compact now and then rather than shifting the array on every close.
    if (this.#closedHead > this.#limits.closed) {
      this.#closedOrder = this.#closedOrder.slice(this.#closedHead).filter((w) => !w.unlisted);
      this.#closedHead = 0;
    }
  }

  /** A closed watch no longer kept (per client, or of all). */
  #unlist(watch: Watch): void {
    if (watch.unlisted) return;
    watch.unlisted = true;
    this.#dropped++;
    const closed = this.#closed.get(watch.client);
    if (!closed) return;
    const at = closed.indexOf(watch);
    if (at >= 0) closed.splice(at, 1);
    if (closed.length === 0) this.#closed.delete(watch.client);
  }

  listed(client: string, resource: string): void {
    const lists = this.#lists.get(client) ?? new Map<string, number>();
    if (!lists.has(resource) && lists.size >= this.#limits.resourcesPerClient) return;
    lists.set(resource, (lists.get(resource) ?? 0) + 1);
    this.#lists.set(client, lists);
  }

  /** How many watches each client holds open now. */
  heldByClient(): Map<string, number> {
    const held = new Map<string, number>();
    for (const watch of this.#open.values()) held.set(watch.client, (held.get(watch.client) ?? 0) + 1);
    return held;
  }

  summaries(): ClientWatches[] {
    const open = new Map<string, Watch[]>();
    for (const watch of this.#open.values()) open.set(watch.client, [...(open.get(watch.client) ?? []), watch]);
    const clients = new Set([...open.keys(), ...this.#closed.keys(), ...this.#lists.keys()]);
    return [...clients].sort().map((client) => ({
      client,
      watches: [
        ...(open.get(client) ?? []).map((w) => ({ ...w.view, events: { ...w.events } })),
        ...(this.#closed.get(client) ?? []).map((w) => ({ ...w.view, events: { ...w.events } })).reverse(),
      ],
      lists: [...(this.#lists.get(client) ?? new Map<string, number>())].map(([resource, lists]) => ({ resource, lists, relists: Math.max(0, lists - 1) })),
    }));
  }
}

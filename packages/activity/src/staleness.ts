/**
 * Staleness per client, from the request journal (KEP-5647's concern, seen from the server):
 * for each resource a client watches, how far the newest resourceVersion delivered to it (its
 * store resource version, at best) lags the newest one the server wrote of what its watch
 * covers — in versions not yet delivered and in seconds since the oldest of them was written —
 * and the writes it made on a stale view (stale-writes.ts).
 *
 * Fed the journal's records in order by Activity; pure, bounded (every map has a limit), and
 * read through `snapshot`. A lag the server cannot see — events delivered but still queued in
 * the client's informer — is not counted: these are lower bounds.
 */
import type { ClientStaleness, RequestRecord, ResourceStaleness, StaleWrite, WatchDeliveryRecord, WatchOpenRecord } from '@dojo/console-protocol';
import type { ObjectIdentity } from '@dojo/kube-api';
import { StaleWrites, type StaleWriteLimits } from './stale-writes.ts';
import { ClientViews, covers, type Mark, type OpenWatch } from './staleness-views.ts';
import { nameLimits } from './name-limits.ts';
import { objectKeyOf, ObjectVersions, rvNumber, type ObjectPlace, type WriteVerb } from './staleness-versions.ts';

/** `group/resource`, or the resource alone in the core group: how staleness names a resource. */
export const resourceKeyOf = (group: string | undefined, resource: string): string => (group ? `${group}/${resource}` : resource);

const writeVerbs: ReadonlySet<string> = new Set<WriteVerb>(['create', 'update', 'patch', 'delete']);

/** A watch filtered by more than its object's name covers only what it was seen to deliver. */
function hasSelector(record: WatchOpenRecord): boolean {
  if (record.labelSelector) return true;
  return !!record.fieldSelector && record.fieldSelector !== `metadata.name=${record.name ?? ''}`;
}

interface WatchStart {
  /** The resourceVersion it started from, or the newest one written when it opened. */
  readonly rv: number;
}

export class Staleness {
  readonly #versions = new ObjectVersions();
  readonly #views = new ClientViews();
  readonly #writes: StaleWrites;
  readonly #starts = new Map<string, WatchStart>();

  constructor(limits: Partial<StaleWriteLimits> = {}) {
    this.#writes = new StaleWrites(this.#versions, this.#views, limits);
  }

  /**
   * One request record of `client`, who reads through the views of `viewers` (itself; for one
   * of the console's controllers, also the console's shared informers). Returns the stale
   * write it was, if it was one.
   */
  request(client: string, viewers: readonly string[], record: RequestRecord, object: ObjectIdentity | undefined): StaleWrite | undefined {
    if (record.code >= 300 || record.dryRun || !record.resource) return undefined;
    const rv = rvNumber(record.rvReturned);
    if (rv === undefined) return undefined;
    const resource = resourceKeyOf(record.group, record.resource);
    const answered = record.time + record.latencyMs;
    if (record.verb === 'list') {
      this.#views.listed(client, { resource, namespace: record.namespace }, { rv, time: answered, seq: record.seq, through: 'list' });
      return undefined;
    }
    if (!record.name || !object) return undefined;
    const place: ObjectPlace = { resource, namespace: record.namespace, name: record.name };
    if (record.verb === 'get') {
      this.#views.shownObject(client, place, { rv, time: answered, seq: record.seq, through: 'get' });
      return undefined;
    }
    if (!writeVerbs.has(record.verb)) return undefined;
    const verb = record.verb as WriteVerb;
    // A patch or update that changed nothing wrote no version (its answer is the current one): it decided nothing.
    if ((verb === 'update' || verb === 'patch') && record.changedPaths?.length === 0) {
      this.#views.shownObject(client, place, { rv, time: answered, seq: record.seq, through: 'write' });
      return undefined;
    }
    const stale = this.#writes.check({
      client,
      viewers,
      place,
      object,
      resource: record.subresource ? `${record.resource}/${record.subresource}` : record.resource,
      verb,
      rv,
      resourceVersion: record.rvReturned!,
      time: record.time,
      seq: record.seq,
      changedPaths: record.changedPaths ?? [],
      rvSent: record.rvSent,
    });
    this.#versions.saw(place, {
      rv,
      resourceVersion: record.rvReturned!,
      time: answered,
      writer: client,
      verb,
      seq: record.seq,
      ...(record.changedPaths ? { changedPaths: record.changedPaths } : {}),
    });
    this.#views.shownObject(client, place, { rv, time: answered, seq: record.seq, through: 'write' });
    return stale;
  }

  watchOpened(client: string, record: WatchOpenRecord): void {
    const resource = resourceKeyOf(record.group, record.resource);
    const scope = { resource, namespace: record.namespace, name: record.name };
    const selector = hasSelector(record);
    this.#views.watchOpened({ watchId: record.watchId, client, ...scope, selector });
    const start =
      rvNumber(record.resourceVersion) || this.#versions.behind(resource, Number.MAX_SAFE_INTEGER, (w) => covers(scope, { resource, ...w })).newest?.rv || 0;
    this.#starts.set(record.watchId, { rv: start });
    // Watches the views stopped following (beyond their limit) leave their start behind: drop those now and then.
    if (this.#starts.size > 2 * nameLimits.openWatches) for (const id of this.#starts.keys()) if (!this.#views.watch(id)) this.#starts.delete(id);
  }

  watchEvent(record: WatchDeliveryRecord): void {
    const rv = rvNumber(record.resourceVersion);
    const watch = this.#views.watch(record.watchId);
    if (rv === undefined || !watch) return;
    const mark: Mark = { rv, time: record.time, seq: record.seq, through: 'watch' };
    if (record.event === 'BOOKMARK') return this.#views.delivered(record.watchId, mark);
    if (record.event === 'ERROR' || !record.name) return;
    const place: ObjectPlace = { resource: watch.resource, namespace: record.namespace, name: record.name };
    this.#versions.saw(place, {
      rv,
      resourceVersion: record.resourceVersion!,
      time: record.time,
      ...(record.event === 'DELETED' ? { verb: 'delete' as const } : {}),
    });
    this.#views.delivered(record.watchId, mark, place);
  }

  watchClosed(watchId: string): void {
    this.#views.watchClosed(watchId);
    this.#starts.delete(watchId);
  }

  /**
   * The journal stream (re)started: watches not open any more closed while the console was not
   * reading; after a resync (records lost) what was derived from them is dropped.
   */
  hello(openIds: ReadonlySet<string>, resync: boolean): void {
    for (const watch of [...this.#views.openWatches()]) if (!openIds.has(watch.watchId)) this.watchClosed(watch.watchId);
    if (!resync) return;
    this.#versions.clear();
    this.#views.clear();
    for (const id of this.#starts.keys()) this.#starts.set(id, { rv: 0 });
  }

  forget(client: string): void {
    this.#views.forget(client);
    this.#writes.forget(client);
  }

  staleWrites(client?: string): StaleWrite[] {
    return this.#writes.list(client);
  }

  staleWriteCount(client: string): number {
    return this.#writes.countOf(client);
  }

  /**
   * Per client and resource, the most stale of its open watches of that resource; with how many
   * stale writes it made (a client with stale writes and no watch open is listed too).
   */
  snapshot(now: number, client?: string): ClientStaleness[] {
    const byClient = new Map<string, Map<string, ResourceStaleness>>();
    for (const name of this.#writes.clients()) if (client === undefined || name === client) byClient.set(name, new Map());
    for (const watch of this.#views.openWatches()) {
      if (client !== undefined && watch.client !== client) continue;
      const measured = this.#measure(watch, now);
      const resources = byClient.get(watch.client) ?? new Map<string, ResourceStaleness>();
      const previous = resources.get(watch.resource);
      const worse =
        !previous ||
        measured.versionsBehind > previous.versionsBehind ||
        (measured.versionsBehind === previous.versionsBehind && measured.secondsBehind > previous.secondsBehind);
      const watchIds = [...(previous?.watchIds ?? []), watch.watchId];
      resources.set(watch.resource, worse ? { ...measured, watchIds } : { ...previous, watchIds });
      byClient.set(watch.client, resources);
    }
    return [...byClient]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, resources]) => ({
        client: name,
        resources: [...resources.values()].sort((a, b) => a.resource.localeCompare(b.resource)),
        staleWriteCount: this.#writes.countOf(name),
      }));
  }

  #measure(watch: OpenWatch, now: number): Omit<ResourceStaleness, 'watchIds'> {
    const store = watch.marks.reduce((max, m) => Math.max(max, m.rv), this.#starts.get(watch.watchId)?.rv ?? 0);
    const delivered = watch.delivered;
    const { count, oldest, newest } = this.#versions.behind(
      watch.resource,
      store,
      (w) => covers(watch, { resource: watch.resource, ...w }) && (!delivered || delivered.has(objectKeyOf({ resource: watch.resource, ...w }))),
    );
    return {
      resource: watch.resource,
      ...(store > 0 ? { storeResourceVersion: String(store) } : {}),
      ...(newest ? { serverResourceVersion: String(Math.max(newest.rv, store)) } : store > 0 ? { serverResourceVersion: String(store) } : {}),
      versionsBehind: count,
      secondsBehind: oldest ? Math.max(0, Math.round((now - oldest.time) / 100) / 10) : 0,
      ...(watch.selector ? { selector: true as const } : {}),
    };
  }
}

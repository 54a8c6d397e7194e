/**
 * A request journal written the way the API server writes it, for tests: writes get the next
 * global resourceVersion, every open watch of the resource receives the event (journaled
 * before the write's own request record, as the server publishes before it answers), and time
 * only moves when the test moves it.
 */
import type {
  ControllerOwner,
  FieldManagerConflict,
  RequestJournalRecord,
  RequestRecord,
  VersionWriter,
  WatchDeliveryRecord,
  WatchOpenRecord,
} from '@dojo/console-protocol';

export interface Who {
  user: string;
  userAgent?: string;
}

export interface Resource {
  group: string;
  version: string;
  resource: string;
  kind: string;
}

export const dojos: Resource = { group: 'core.jutsu.com', version: 'v1', resource: 'dojos', kind: 'Dojo' };
export const deployments: Resource = { group: 'apps', version: 'v1', resource: 'deployments', kind: 'Deployment' };

export const kubectl: Who = { user: 'admin', userAgent: 'kubectl/v1.33.0 (linux/amd64) kubernetes/abc1234' };
export const operator = (name: string): Who => ({ user: name, userAgent: 'manager/v0.0.0 (linux/amd64) kubernetes/$Format' });

export interface WriteOptions {
  verb?: 'create' | 'update' | 'patch' | 'delete';
  subresource?: string;
  changedPaths?: string[];
  owner?: ControllerOwner;
  fieldManager?: string;
  latencyMs?: number;
  /** `false`: sent without a resourceVersion (a patch, an unconditional update); default: the version it replaces. */
  rvSent?: string | false;
}

type Unstamped<R> = R extends RequestJournalRecord ? Omit<R, 'seq'> : never;

interface StoredObject {
  rv: string;
  owner?: ControllerOwner;
  writer: VersionWriter;
}

export class SimulatedJournal {
  time = 1_700_000_000_000;
  readonly records: RequestJournalRecord[] = [];
  readonly #sink: (record: RequestJournalRecord) => void;
  readonly #watches: WatchOpenRecord[] = [];
  readonly #objects = new Map<string, StoredObject>();
  /** Watches whose events are held back (a paused client, a slow one): delivered on `release`. */
  readonly #held = new Map<string, Omit<WatchDeliveryRecord, 'seq'>[]>();
  #seq = 0;
  #rv = 1000;

  constructor(sink: (record: RequestJournalRecord) => void) {
    this.#sink = sink;
  }

  readonly clock = { now: () => this.time };

  advance(ms: number): void {
    this.time += ms;
  }

  #append(record: Unstamped<RequestJournalRecord>): RequestJournalRecord {
    const stamped = { ...record, seq: ++this.#seq } as RequestJournalRecord;
    this.records.push(stamped);
    this.#sink(stamped);
    return stamped;
  }

  watch(who: Who, resource: Resource, options: { namespace?: string; resourceVersion?: string; labelSelector?: string } = {}): string {
    const open = this.#append({
      type: 'watch-open',
      time: this.time,
      ...who,
      watchId: `w${this.#seq + 1}`,
      ...resource,
      bookmarks: true,
      ...options,
    }) as WatchOpenRecord;
    this.#watches.push(open);
    return open.watchId;
  }

  closeWatch(watchId: string, reason: 'client' | 'expired' = 'client'): void {
    const i = this.#watches.findIndex((w) => w.watchId === watchId);
    if (i >= 0) this.#watches.splice(i, 1);
    this.#append({ type: 'watch-close', time: this.time, watchId, reason, events: 0 });
  }

  request(who: Who, resource: Resource, fields: Partial<RequestRecord>): RequestRecord {
    const { group, version, resource: plural, kind } = resource;
    return this.#append({
      type: 'request',
      time: this.time,
      ...who,
      verb: 'get',
      group,
      version,
      resource: plural,
      kind,
      code: 200,
      latencyMs: 2,
      ...fields,
    }) as RequestRecord;
  }

  get(who: Who, resource: Resource, namespace: string, name: string): RequestRecord {
    const stored = this.#objects.get(`${resource.resource}/${namespace}/${name}`);
    // As the API server's journal: a read names the controller owner of what it returned.
    return this.request(who, resource, {
      verb: 'get',
      namespace,
      name,
      ...(stored ? { rvReturned: stored.rv, ...(stored.owner ? { owner: stored.owner } : {}) } : { code: 404, reason: 'NotFound' }),
    });
  }

  list(who: Who, resource: Resource, namespace?: string): RequestRecord {
    return this.request(who, resource, { verb: 'list', ...(namespace ? { namespace } : {}), rvReturned: String(this.#rv), items: 0 });
  }

  /** A successful write: a new version, its events to every watch, then the request's record. Returns the new resourceVersion. */
  write(who: Who, resource: Resource, namespace: string, name: string, options: WriteOptions = {}): string {
    const key = `${resource.resource}/${namespace}/${name}`;
    const previous = this.#objects.get(key);
    const verb = options.verb ?? (previous ? 'patch' : 'create');
    const rv = String(++this.#rv);
    const owner = options.owner ?? previous?.owner;
    const fieldManager = options.fieldManager ?? who.user;
    this.#objects.set(key, {
      rv,
      ...(owner ? { owner } : {}),
      writer: { user: who.user, ...(who.userAgent ? { userAgent: who.userAgent } : {}), fieldManager, source: 'journal' },
    });
    const event = verb === 'create' ? 'ADDED' : verb === 'delete' ? 'DELETED' : 'MODIFIED';
    for (const watch of this.#watches) {
      if (watch.resource !== resource.resource || (watch.namespace && watch.namespace !== namespace)) continue;
      const delivery: Omit<WatchDeliveryRecord, 'seq'> = {
        type: 'watch-event',
        time: this.time + 1,
        watchId: watch.watchId,
        event,
        namespace,
        name,
        resourceVersion: rv,
        ...(owner ? { owner } : {}),
      };
      const held = this.#held.get(watch.watchId);
      if (held) held.push(delivery);
      else this.#append(delivery);
    }
    this.request(who, resource, {
      verb,
      namespace,
      name,
      code: verb === 'create' ? 201 : 200,
      rvReturned: rv,
      fieldManager,
      latencyMs: options.latencyMs ?? 2,
      ...(options.rvSent !== false && previous?.rv ? { rvSent: options.rvSent ?? previous.rv } : {}),
      ...(options.subresource ? { subresource: options.subresource } : {}),
      ...(verb === 'update' || verb === 'patch' ? { changedPaths: options.changedPaths ?? ['spec.title'] } : {}),
      ...(owner ? { owner } : {}),
    });
    return rv;
  }

  /** A write with a stale resourceVersion: 409, naming the current version and who wrote it. */
  conflict(who: Who, resource: Resource, namespace: string, name: string, staleRV: string): RequestRecord {
    const stored = this.#objects.get(`${resource.resource}/${namespace}/${name}`);
    return this.request(who, resource, {
      verb: 'update',
      namespace,
      name,
      code: 409,
      reason: 'Conflict',
      rvSent: staleRV,
      ...(stored ? { conflict: { currentRV: stored.rv, writer: stored.writer } } : {}),
    });
  }

  /** A server-side apply (no resourceVersion sent) refused because other managers own fields it sets. */
  applyConflict(
    who: Who,
    resource: Resource,
    namespace: string,
    name: string,
    options: { fieldManager: string; dryRun?: boolean; fieldManagers?: FieldManagerConflict[] },
  ): RequestRecord {
    const stored = this.#objects.get(`${resource.resource}/${namespace}/${name}`);
    return this.request(who, resource, {
      verb: 'patch',
      patchType: 'apply',
      namespace,
      name,
      code: 409,
      reason: 'Conflict',
      fieldManager: options.fieldManager,
      ...(options.dryRun ? { dryRun: true } : {}),
      ...(stored
        ? { conflict: { currentRV: stored.rv, writer: stored.writer, ...(options.fieldManagers ? { fieldManagers: options.fieldManagers } : {}) } }
        : {}),
    });
  }

  /** Holds back the events of a watch from now on. */
  hold(watchId: string): void {
    if (!this.#held.has(watchId)) this.#held.set(watchId, []);
  }

  /** Delivers what was held, in order, now. */
  release(watchId: string): void {
    const held = this.#held.get(watchId) ?? [];
    this.#held.delete(watchId);
    for (const delivery of held) this.#append({ ...delivery, time: this.time });
  }

  /** A BOOKMARK on a watch at the newest resourceVersion. */
  bookmark(watchId: string): void {
    this.#append({ type: 'watch-event', time: this.time, watchId, event: 'BOOKMARK', resourceVersion: String(this.#rv) });
  }

  currentVersion(resource: Resource, namespace: string, name: string): string | undefined {
    return this.#objects.get(`${resource.resource}/${namespace}/${name}`)?.rv;
  }
}

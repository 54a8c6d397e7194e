/**
 * Every object a recording holds versions of, and when each version arrived: from it, the
 * objects of a kind as they were at any instant. The index keeps only each version's seq, time
 * and whether it was a deletion (read once from the streams' columns, without their bodies);
 * bodies are read from the store when asked for, and the latest few are kept.
 */
import type { ObjectVersionRecord } from '@dojo/console-protocol';
import type { HistoryStream } from '@dojo/history';
import { parseIdentityKey, type KubeObject, type ObjectIdentity } from '@dojo/kube-api';

/** Where one version of a tracked object sits in the recording's history stream, and when it arrived. */
interface VersionInStream {
  readonly seq: number;
  readonly time: number;
  readonly deleted: boolean;
}

interface Tracked {
  readonly identity: ObjectIdentity;
  readonly stream: HistoryStream<ObjectVersionRecord>;
  /** Oldest first. */
  readonly versions: VersionInStream[];
}

/** A version found for an instant: the object as it was, and where it came from. */
export interface VersionAt {
  readonly seq: number;
  readonly time: number;
  readonly object: KubeObject;
}

const page = 50_000;
const cachedBodies = 5_000;

export class RecordedObjects {
  /** By `group/kind`, then by identity key + uid. */
  readonly #byKind = new Map<string, Map<string, Tracked>>();
  readonly #bodies = new Map<string, KubeObject>();

  constructor(streams: readonly HistoryStream<ObjectVersionRecord>[]) {
    for (const stream of streams) {
      for (let since = 0; ;) {
        const headers = stream.headers({ sinceSeq: since, limit: page });
        for (const h of headers) {
          const key = typeof h.columns.object === 'string' ? h.columns.object : undefined;
          const identity = key ? parseIdentityKey(key) : undefined;
          if (!identity) continue;
          const uid = typeof h.columns.uid === 'string' ? h.columns.uid : '';
          const kind = `${identity.group}/${identity.kind}`;
          let objects = this.#byKind.get(kind);
          if (!objects) this.#byKind.set(kind, (objects = new Map()));
          const id = `${key}#${uid}`;
          let tracked = objects.get(id);
          if (!tracked) objects.set(id, (tracked = { identity: { ...identity, ...(uid ? { uid } : {}) }, stream, versions: [] }));
          tracked.versions.push({ seq: h.seq, time: h.time, deleted: h.type === 'deleted' });
        }
        if (headers.length < page) break;
        since = headers[headers.length - 1]!.seq;
      }
    }
  }

  /** The kinds with at least one recorded version. */
  kinds(): { group: string; kind: string }[] {
    return [...this.#byKind.keys()].map((k) => {
      const slash = k.indexOf('/');
      return { group: k.slice(0, slash), kind: k.slice(slash + 1) };
    });
  }

  has(group: string, kind: string): boolean {
    return this.#byKind.has(`${group}/${kind}`);
  }

  /** The objects of a kind that existed at `at` (in one namespace, when given), by namespace and name. */
  objectsAt(group: string, kind: string, at: number, namespace?: string): VersionAt[] {
    const found: VersionAt[] = [];
    for (const tracked of this.#byKind.get(`${group}/${kind}`)?.values() ?? []) {
      if (namespace !== undefined && tracked.identity.namespace !== namespace) continue;
      const version = this.#at(tracked, at);
      if (version) found.push(version);
    }
    return found.sort((a, b) => keyOf(a.object).localeCompare(keyOf(b.object)));
  }

  /** One object as it was at `at`, or undefined when it did not exist then. */
  objectAt(group: string, kind: string, namespace: string | undefined, name: string, at: number): VersionAt | undefined {
    let newest: VersionAt | undefined;
    // Two incarnations of one name never overlap; the one alive at `at` is the answer.
    for (const tracked of this.#byKind.get(`${group}/${kind}`)?.values() ?? []) {
      if (tracked.identity.name !== name || tracked.identity.namespace !== namespace) continue;
      const version = this.#at(tracked, at);
      if (version && (!newest || version.seq > newest.seq)) newest = version;
    }
    return newest;
  }

  #at(tracked: Tracked, at: number): VersionAt | undefined {
    const versions = tracked.versions;
    let low = 0;
    let high = versions.length - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (versions[mid]!.time <= at) {
        found = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    const version = found < 0 ? undefined : versions[found]!;
    if (!version || version.deleted) return undefined;
    return { seq: version.seq, time: version.time, object: this.#body(tracked.stream, version.seq) };
  }

  #body(stream: HistoryStream<ObjectVersionRecord>, seq: number): KubeObject {
    const id = `${stream.name}#${seq}`;
    const cached = this.#bodies.get(id);
    if (cached) return cached;
    const [record] = stream.query({ sinceSeq: seq - 1, untilSeq: seq, limit: 1 });
    const body = record?.body ?? { metadata: {} };
    if (this.#bodies.size >= cachedBodies) this.#bodies.delete(this.#bodies.keys().next().value!);
    this.#bodies.set(id, body);
    return body;
  }
}

function keyOf(object: KubeObject): string {
  return `${object.metadata.namespace ?? ''}/${object.metadata.name ?? ''}`;
}

/**
 * The server's side of staleness: the recent versions of every object the journal showed
 * written (by whom, what changed, by which request), and per resource the recent writes in
 * resourceVersion order, to count what a client's watch has not yet been delivered.
 *
 * A resourceVersion is the server's global revision (etcd's, and the embedded store's), so
 * versions compare as integers: KEP-5505 made that comparison part of the API. A version
 * learnt only from a watch event (its request not journaled yet, or never: a write before the
 * journal began) has no writer.
 */
export type WriteVerb = 'create' | 'update' | 'patch' | 'delete';

export interface ObjectVersion {
  readonly rv: number;
  readonly resourceVersion: string;
  /** When the server wrote it (answered the write, or first delivered it). */
  time: number;
  writer?: string;
  changedPaths?: readonly string[];
  verb?: WriteVerb;
  /** The journal record of the request that wrote it. */
  seq?: number;
}

/** Where an object lives: a watch's scope is matched against it. */
export interface ObjectPlace {
  readonly resource: string;
  readonly namespace?: string | undefined;
  readonly name: string;
}

export interface ResourceWrite {
  readonly rv: number;
  readonly time: number;
  readonly namespace?: string | undefined;
  readonly name: string;
}

export interface VersionLimits {
  /** Versions kept per object. */
  perObject: number;
  objects: number;
  /** Writes kept per resource (up to a quarter more between trims), for counting what is not delivered yet. */
  perResource: number;
}

const defaultLimits: VersionLimits = { perObject: 8, objects: 50_000, perResource: 5_000 };

export const rvNumber = (rv: string | undefined): number | undefined => (rv !== undefined && /^\d{1,15}$/.test(rv) ? Number(rv) : undefined);

export const objectKeyOf = (place: ObjectPlace): string => `${place.resource}|${place.namespace ?? ''}|${place.name}`;

export class ObjectVersions {
  readonly #limits: VersionLimits;
  readonly #byObject = new Map<string, ObjectVersion[]>();
  readonly #byResource = new Map<string, ResourceWrite[]>();

  constructor(limits: Partial<VersionLimits> = {}) {
    this.#limits = { ...defaultLimits, ...limits };
  }

  /** A version seen in the journal: a write's request record, or an event carrying it (merged by resourceVersion). */
  saw(place: ObjectPlace, version: ObjectVersion): void {
    const key = objectKeyOf(place);
    const versions = this.#byObject.get(key) ?? [];
    const known = versions.find((v) => v.rv === version.rv);
    if (known) {
      // The request record comes after its events (the server publishes before it answers): it names the writer.
      if (version.writer !== undefined) Object.assign(known, { ...version, time: Math.min(known.time, version.time) });
      return;
    }
    versions.push(version);
    versions.sort((a, b) => a.rv - b.rv);
    if (versions.length > this.#limits.perObject) versions.splice(0, versions.length - this.#limits.perObject);
    this.#byObject.delete(key);
    this.#byObject.set(key, versions);
    if (this.#byObject.size > this.#limits.objects) this.#byObject.delete(this.#byObject.keys().next().value!);
    this.#resourceWrite(place, version);
  }

  /** The object's newest version older than `rv`: what was current when a write that made `rv` arrived. */
  before(place: ObjectPlace, rv: number): ObjectVersion | undefined {
    const versions = this.#byObject.get(objectKeyOf(place));
    if (!versions) return undefined;
    for (let i = versions.length - 1; i >= 0; i--) if (versions[i]!.rv < rv) return versions[i];
    return undefined;
  }

  /** The versions in (`after`, `upTo`], oldest first (the ones kept). */
  between(place: ObjectPlace, after: number, upTo: number): ObjectVersion[] {
    return (this.#byObject.get(objectKeyOf(place)) ?? []).filter((v) => v.rv > after && v.rv <= upTo);
  }

  /**
   * The writes of `resource` newer than `after` that `covers` accepts, and the newest write it
   * accepts at all: how far a watch delivered up to `after` lags.
   */
  behind(resource: string, after: number, covers: (write: ResourceWrite) => boolean): { count: number; oldest?: ResourceWrite; newest?: ResourceWrite } {
    const writes = this.#byResource.get(resource) ?? [];
    let count = 0;
    let oldest: ResourceWrite | undefined;
    let newest: ResourceWrite | undefined;
    for (let i = writes.length - 1; i >= 0; i--) {
      const w = writes[i]!;
      if (!covers(w)) continue;
      newest ??= w;
      if (w.rv <= after) break;
      count++;
      oldest = w;
    }
    return { count, ...(oldest ? { oldest } : {}), ...(newest ? { newest } : {}) };
  }

  /** Records were lost (a resync): what was learnt from them is dropped, not guessed. */
  clear(): void {
    this.#byObject.clear();
    this.#byResource.clear();
  }

  #resourceWrite(place: ObjectPlace, version: ObjectVersion): void {
    const writes = this.#byResource.get(place.resource) ?? [];
    const write: ResourceWrite = { rv: version.rv, time: version.time, ...(place.namespace ? { namespace: place.namespace } : {}), name: place.name };
    // Records arrive nearly in resourceVersion order: insert from the end.
    let at = writes.length;
    while (at > 0 && writes[at - 1]!.rv > version.rv) at--;
    writes.splice(at, 0, write);
    // Trimmed in batches: one shift of thousands of entries per write would cost more than the write.
    if (writes.length > this.#limits.perResource * 1.25) writes.splice(0, writes.length - this.#limits.perResource);
    this.#byResource.set(place.resource, writes);
  }
}

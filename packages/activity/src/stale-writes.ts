/**
 * Writes made on a stale view: a client wrote an object whose current version it had not been
 * shown. The version it had seen is what the server delivered to it (staleness-views.ts) by the
 * time its request arrived; the current version, and who wrote it, is what the journal saw
 * written (staleness-versions.ts). Sieve (OSDI '22) calls the bugs this finds "stale state".
 *
 * Not flagged, because nothing was decided on a stale view:
 * - an update whose resourceVersion precondition named the current version (a stale one is a
 *   409 and writes nothing);
 * - a blind write: the client had never been shown the object (`kubectl patch`, `kubectl
 *   scale`: the write says what it wants regardless of what is there);
 * - a write over versions the client wrote itself (it knows what it wrote) or whose writers the
 *   journal did not record (before it began);
 * - a dry run, and anything the server refused.
 *
 * Like hot loops, each carries its evidence: the journal seqs of the write, of what showed the
 * client the version it had, and of the writes it had not seen.
 */
import type { StaleWrite, UnseenVersion } from '@dojo/console-protocol';
import type { ObjectIdentity } from '@dojo/kube-api';
import { staleWriteCure } from './stale-write-cures.ts';
import type { ClientViews, Mark } from './staleness-views.ts';
import type { ObjectPlace, ObjectVersion, ObjectVersions, WriteVerb } from './staleness-versions.ts';

/** A write the server accepted, as the journal recorded it. */
export interface AcceptedWrite {
  readonly client: string;
  /** Whose views the client reads through: itself, and for the console's controllers the console's shared informers. */
  readonly viewers: readonly string[];
  readonly place: ObjectPlace;
  readonly object: ObjectIdentity;
  /** For display: `resource[/subresource]`. */
  readonly resource: string;
  readonly verb: WriteVerb;
  /** The version it made (a delete's is the deletion's: the API server answers with the object at that revision). */
  readonly rv: number;
  readonly resourceVersion: string;
  /** When its request arrived. */
  readonly time: number;
  readonly seq: number;
  readonly changedPaths: readonly string[];
  readonly rvSent?: string | undefined;
}

export interface StaleWriteLimits {
  /** Stale writes kept (the newest). */
  keep: number;
  /** Unseen versions listed per stale write. */
  unseenListed: number;
}

const defaultLimits: StaleWriteLimits = { keep: 500, unseenListed: 5 };

const unseenOf = (v: ObjectVersion): UnseenVersion => ({
  resourceVersion: v.resourceVersion,
  time: v.time,
  ...(v.writer !== undefined ? { writer: v.writer } : {}),
  ...(v.changedPaths ? { changedPaths: v.changedPaths } : {}),
  ...(v.verb ? { verb: v.verb } : {}),
  ...(v.seq !== undefined ? { seq: v.seq } : {}),
});

export class StaleWrites {
  readonly #versions: ObjectVersions;
  readonly #views: ClientViews;
  readonly #limits: StaleWriteLimits;
  readonly #found: StaleWrite[] = [];
  readonly #counts = new Map<string, number>();

  constructor(versions: ObjectVersions, views: ClientViews, limits: Partial<StaleWriteLimits> = {}) {
    this.#versions = versions;
    this.#views = views;
    this.#limits = { ...defaultLimits, ...limits };
  }

  /** Judges one accepted write, before the version it made is recorded as seen by its writer. */
  check(write: AcceptedWrite): StaleWrite | undefined {
    const below = write.rv;
    const current = this.#versions.before(write.place, below);
    if (!current) return undefined;
    if (write.rvSent !== undefined && write.rvSent === current.resourceVersion) return undefined;
    const { view, object } = this.#views.seen(write.viewers, write.place, below, write.time);
    if (!view || view.rv >= current.rv) return undefined;
    const unseen = this.#versions.between(write.place, view.rv, current.rv);
    const byOthers = unseen.filter((v) => v.writer !== undefined && !write.viewers.includes(v.writer));
    if (byOthers.length === 0) return undefined;
    const seenVersion = this.#versionAt(write.place, view, object);
    // Evidence: the record that gave it that version of the object itself, when it has one; else what brought its view there.
    const shown = object && String(object.rv) === seenVersion ? object : view;
    const unseenPaths = new Set(byOthers.flatMap((v) => v.changedPaths ?? []));
    const overlappingPaths = write.changedPaths.filter((p) => unseenPaths.has(p));
    const found: StaleWrite = {
      id: `${write.client}:${write.place.resource}/${write.place.namespace ?? ''}/${write.place.name}:${write.seq}`,
      client: write.client,
      object: write.object,
      resource: write.resource,
      verb: write.verb,
      changedPaths: write.changedPaths,
      overlappingPaths,
      ...(seenVersion ? { seenResourceVersion: seenVersion } : {}),
      seenThrough: shown.through,
      currentResourceVersion: current.resourceVersion,
      ...(current.writer !== undefined ? { currentWriter: current.writer } : {}),
      unseen: unseen.slice(-this.#limits.unseenListed).map(unseenOf),
      resourceVersion: write.resourceVersion,
      ...(write.rvSent !== undefined ? { rvSent: write.rvSent } : {}),
      time: write.time,
      cure: staleWriteCure(write.verb, overlappingPaths, shown.through),
      evidence: { writeSeq: write.seq, seenSeq: shown.seq, unseenSeqs: unseen.flatMap((v) => (v.seq !== undefined ? [v.seq] : [])) },
    };
    this.#found.push(found);
    if (this.#found.length > this.#limits.keep) this.#found.splice(0, this.#found.length - this.#limits.keep);
    this.#counts.set(write.client, (this.#counts.get(write.client) ?? 0) + 1);
    return found;
  }

  /** Newest first, of one client or of all. */
  list(client?: string): StaleWrite[] {
    return this.#found.filter((w) => client === undefined || w.client === client).reverse();
  }

  /** The clients that made stale writes. */
  clients(): IterableIterator<string> {
    return this.#counts.keys();
  }

  countOf(client: string): number {
    return this.#counts.get(client) ?? 0;
  }

  forget(client: string): void {
    this.#counts.delete(client);
  }

  /** The object's version as the client's view had it: the newest version at or below the view's mark. */
  #versionAt(place: ObjectPlace, view: Mark, object: Mark | undefined): string | undefined {
    const version = this.#versions.before(place, view.rv + 1);
    if (version) return version.resourceVersion;
    return object ? String(object.rv) : undefined;
  }
}

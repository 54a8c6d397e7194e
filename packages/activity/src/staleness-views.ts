/**
 * What each client was shown, from the server's side: the versions of objects its GETs and its
 * own writes returned, the resourceVersions its LISTs returned, and per watch the newest
 * resourceVersion delivered (events and bookmarks: the client's *store resource version*, at
 * best, in KEP-5647's words). A client's informer store can hold no newer version than this;
 * it may hold an older one (events still queued in the client), which the server cannot know.
 *
 * Marks keep their times, so a question is always "what had it been shown when its request
 * arrived?": the echo of a write reaches its writer's watch before the write's own record is
 * read, and must not count as seen by the write that made it.
 */
import { nameLimits } from './name-limits.ts';
import { objectKeyOf, type ObjectPlace } from './staleness-versions.ts';

export type SeenThrough = 'watch' | 'get' | 'list' | 'write';

export interface Mark {
  readonly rv: number;
  readonly time: number;
  readonly seq: number;
  readonly through: SeenThrough;
}

/** What a watch (or a LIST) covers. */
export interface Scope {
  readonly resource: string;
  readonly namespace?: string | undefined;
  readonly name?: string | undefined;
}

export interface OpenWatch extends Scope {
  readonly watchId: string;
  readonly client: string;
  /** A label or field selector: it covers only the objects it was seen to deliver. */
  readonly selector: boolean;
  /** Newest last; the last `marksPerWatch`. */
  readonly marks: Mark[];
  /** With a selector: the objects delivered on it (those known to match). */
  readonly delivered?: Set<string>;
}

export interface ViewLimits {
  marksPerWatch: number;
  marksPerObject: number;
  objectsPerClient: number;
  scopesPerClient: number;
  openWatches: number;
}

const defaultLimits: ViewLimits = { marksPerWatch: 32, marksPerObject: 4, objectsPerClient: 20_000, scopesPerClient: 200, openWatches: nameLimits.openWatches };

const scopeKey = (s: Scope) => `${s.resource}|${s.namespace ?? ''}|${s.name ?? ''}`;

export const covers = (scope: Scope, place: ObjectPlace): boolean =>
  scope.resource === place.resource && (!scope.namespace || scope.namespace === place.namespace) && (!scope.name || scope.name === place.name);

interface ClientView {
  readonly objects: Map<string, Mark[]>;
  /** LISTs and closed watches: everything in the scope up to the mark was shown. */
  readonly scopes: Map<string, { scope: Scope; marks: Mark[] }>;
}

function remember(marks: Mark[], mark: Mark, keep: number): void {
  marks.push(mark);
  if (marks.length > keep) marks.splice(0, marks.length - keep);
}

/** The newest mark below `below` made by `at`. */
function newestBefore(marks: readonly Mark[], below: number, at: number): Mark | undefined {
  let best: Mark | undefined;
  for (const m of marks) if (m.rv < below && m.time <= at && (!best || m.rv > best.rv)) best = m;
  return best;
}

export class ClientViews {
  readonly #limits: ViewLimits;
  readonly #clients = new Map<string, ClientView>();
  readonly #watches = new Map<string, OpenWatch>();
  /** The open watches of each client: a write looks at its writer's only. */
  readonly #watchesOf = new Map<string, Set<OpenWatch>>();

  constructor(limits: Partial<ViewLimits> = {}) {
    this.#limits = { ...defaultLimits, ...limits };
  }

  /** A GET answered, or a write went through: the client holds that version of the object. */
  shownObject(client: string, place: ObjectPlace, mark: Mark): void {
    const view = this.#view(client);
    const key = objectKeyOf(place);
    const marks = view.objects.get(key) ?? [];
    remember(marks, mark, this.#limits.marksPerObject);
    view.objects.delete(key);
    view.objects.set(key, marks);
    if (view.objects.size > this.#limits.objectsPerClient) view.objects.delete(view.objects.keys().next().value!);
  }

  /** A LIST answered at `mark.rv`: every object in its scope as of then. */
  listed(client: string, scope: Scope, mark: Mark): void {
    this.#scopeMark(client, scope, mark);
  }

  watchOpened(watch: Omit<OpenWatch, 'marks' | 'delivered'>): void {
    const open: OpenWatch = { ...watch, marks: [], ...(watch.selector ? { delivered: new Set<string>() } : {}) };
    this.#watches.set(watch.watchId, open);
    const ofClient = this.#watchesOf.get(watch.client) ?? new Set<OpenWatch>();
    ofClient.add(open);
    this.#watchesOf.set(watch.client, ofClient);
    if (this.#watches.size > this.#limits.openWatches) this.#unfollow(this.#watches.values().next().value!);
  }

  /** An event (or a bookmark, with no object) delivered on a watch. */
  delivered(watchId: string, mark: Mark, place?: ObjectPlace): void {
    const watch = this.#watches.get(watchId);
    if (!watch) return;
    remember(watch.marks, mark, this.#limits.marksPerWatch);
    if (place) {
      watch.delivered?.add(objectKeyOf(place));
      this.shownObject(watch.client, place, mark);
    }
  }

  /** A closed watch's view stays in its client's store: without a selector, it becomes a scope mark. */
  watchClosed(watchId: string): void {
    const watch = this.#watches.get(watchId);
    if (!watch) return;
    this.#unfollow(watch);
    const last = watch.marks.at(-1);
    if (last && !watch.selector) this.#scopeMark(watch.client, watch, last);
  }

  watch(watchId: string): OpenWatch | undefined {
    return this.#watches.get(watchId);
  }

  openWatches(): IterableIterator<OpenWatch> {
    return this.#watches.values();
  }

  /**
   * Records were lost (a resync): what each client was shown is no longer known, so every
   * client starts again with no view — its next writes are blind until it reads again, never
   * flagged on a guess. Its watches stay open, their store resource version unknown until the
   * next event or bookmark.
   */
  clear(): void {
    this.#clients.clear();
    for (const watch of this.#watches.values()) {
      watch.marks.length = 0;
      watch.delivered?.clear();
    }
  }

  forget(client: string): void {
    this.#clients.delete(client);
    for (const watch of [...(this.#watchesOf.get(client) ?? [])]) this.#unfollow(watch);
  }

  /**
   * What any of `clients` had been shown of `place` by `at`, below `below`: `view`, the newest
   * resourceVersion that covers it — the object's own version (a GET, a write, an event) or a
   * mark of a scope that covers it (a LIST, a watch's store resource version); `object`, the
   * newest version of the object itself it was given.
   */
  seen(clients: readonly string[], place: ObjectPlace, below: number, at: number): { view?: Mark; object?: Mark } {
    let view: Mark | undefined;
    let object: Mark | undefined;
    const consider = (mark: Mark | undefined) => {
      if (mark && (!view || mark.rv > view.rv)) view = mark;
    };
    const key = objectKeyOf(place);
    for (const client of clients) {
      const known = this.#clients.get(client);
      if (!known) continue;
      const own = newestBefore(known.objects.get(key) ?? [], below, at);
      if (own && (!object || own.rv > object.rv)) object = own;
      for (const { scope, marks } of known.scopes.values()) if (covers(scope, place)) consider(newestBefore(marks, below, at));
    }
    consider(object);
    for (const client of clients)
      for (const watch of this.#watchesOf.get(client) ?? []) if (!watch.selector && covers(watch, place)) consider(newestBefore(watch.marks, below, at));
    return { ...(view ? { view } : {}), ...(object ? { object } : {}) };
  }

  #unfollow(watch: OpenWatch): void {
    this.#watches.delete(watch.watchId);
    const ofClient = this.#watchesOf.get(watch.client);
    ofClient?.delete(watch);
    if (ofClient?.size === 0) this.#watchesOf.delete(watch.client);
  }

  #scopeMark(client: string, scope: Scope, mark: Mark): void {
    const view = this.#view(client);
    const key = scopeKey(scope);
    const entry = view.scopes.get(key) ?? { scope: { resource: scope.resource, namespace: scope.namespace, name: scope.name }, marks: [] };
    remember(entry.marks, mark, this.#limits.marksPerObject);
    view.scopes.delete(key);
    view.scopes.set(key, entry);
    if (view.scopes.size > this.#limits.scopesPerClient) view.scopes.delete(view.scopes.keys().next().value!);
  }

  #view(client: string): ClientView {
    let view = this.#clients.get(client);
    if (!view) {
      view = { objects: new Map(), scopes: new Map() };
      this.#clients.set(client, view);
    }
    return view;
  }
}

/**
 * Every kind the cluster serves, so that the garbage collector and the namespace controller
 * work for any kind, CRDs included (kube's GC re-reads discovery every 30 s; CRD changes here
 * re-read it at once). Kinds can also be registered by hand, e.g. by the console.
 *
 * Kinds are only ever added, because an informer cannot be taken back; a kind that went away
 * stays known but stops being "served", so nobody waits for its cache any more.
 */
import { parseApiVersion } from '@dojo/kube-api';
import { resourceName, type Clock, type ResourceType, type Timer } from '@dojo/runtime';
import { discoverTypes, type DiscoveredType, type DiscoveryReader } from './api-discovery.ts';

export type TypesAddedListener = (added: readonly DiscoveredType[]) => void;

// Events are never owned and are the most numerous kind; kube's GC ignores them too.
const ignoredByGarbageCollector = new Set(['events', 'events.events.k8s.io']);

export class ResourceCatalog {
  readonly #reader: DiscoveryReader;
  readonly #clock: Clock;
  readonly #refreshMs: number;
  readonly #types = new Map<string, DiscoveredType>();
  // Served by the last discovery, or registered by hand; a CRD's kind leaves when the CRD goes.
  readonly #served = new Set<string>();
  readonly #byHand = new Set<string>();
  readonly #listeners = new Set<TypesAddedListener>();
  #timer: Timer | undefined;
  #pending: Timer | undefined;
  #stopped = false;
  #refreshing: Promise<void> | undefined;
  #followUp: Promise<void> | undefined;

  constructor(reader: DiscoveryReader, clock: Clock, refreshMs: number) {
    this.#reader = reader;
    this.#clock = clock;
    this.#refreshMs = refreshMs;
  }

  /**
   * Reads discovery; resolves after a read that started after the call (a read already under
   * way may predate a new CRD). Callers arriving during a read share one follow-up read.
   */
  refresh(): Promise<void> {
    if (!this.#refreshing) {
      this.#refreshing = this.#discover().finally(() => (this.#refreshing = undefined));
      return this.#refreshing;
    }
    this.#followUp ??= this.#refreshing
      .catch(() => {})
      .then(() => {
        this.#followUp = undefined;
        return this.refresh();
      });
    return this.#followUp;
  }

  async #discover(): Promise<void> {
    const types = await discoverTypes(this.#reader);
    this.#served.clear();
    for (const name of this.#byHand) this.#served.add(name);
    for (const type of types) this.#served.add(resourceName(type));
    this.#add(types);
  }

  /** Re-reads discovery soon, once for any number of requests meanwhile (a CRD changed). */
  refreshSoon(): void {
    if (this.#pending || this.#stopped) return;
    this.#pending = this.#clock.setTimer(0, () => {
      this.#pending = undefined;
      this.refresh().catch(() => {});
    });
  }

  /** Re-reads discovery every `refreshMs` until stopped. */
  startPeriodicRefresh(): void {
    if (this.#stopped || this.#refreshMs <= 0) return;
    this.#timer = this.#clock.setTimer(this.#refreshMs, () => {
      this.refresh()
        .catch(() => {})
        .finally(() => this.startPeriodicRefresh());
    });
  }

  stop(): void {
    this.#stopped = true;
    this.#timer?.cancel();
    this.#pending?.cancel();
  }

  /** Registers kinds by hand (list, watch and delete are assumed); they count as served. */
  register(...types: readonly ResourceType[]): void {
    for (const type of types) {
      this.#byHand.add(resourceName(type));
      this.#served.add(resourceName(type));
    }
    this.#add(types);
  }

  /** Whether the cluster served the kind at the last look. */
  isServed(type: ResourceType): boolean {
    return this.#served.has(resourceName(type));
  }

  #add(types: readonly (ResourceType | DiscoveredType)[]): void {
    const added: DiscoveredType[] = [];
    for (const type of types) {
      const name = resourceName(type);
      if (this.#types.has(name)) continue;
      const known: DiscoveredType = { ...type, verbs: 'verbs' in type ? type.verbs : ['list', 'watch', 'delete', 'get', 'patch'] };
      this.#types.set(name, known);
      added.push(known);
    }
    if (added.length > 0) for (const listener of this.#listeners) listener(added);
  }

  /** Hears of every kind added from now on. */
  onAdded(listener: TypesAddedListener): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  all(): DiscoveredType[] {
    return [...this.#types.values()];
  }

  /** Kinds the garbage collector watches: listable, watchable, deletable, not Events. */
  collectable(): DiscoveredType[] {
    return this.all().filter((t) => has(t, 'list', 'watch', 'delete') && !ignoredByGarbageCollector.has(resourceName(t)));
  }

  /** Namespaced kinds the namespace controller empties. */
  namespacedDeletable(): DiscoveredType[] {
    return this.all().filter((t) => t.namespaced && has(t, 'list', 'delete'));
  }

  byResourceName(name: string): DiscoveredType | undefined {
    return this.#types.get(name);
  }

  /** The kind an owner reference names; another served version of the same kind will do. */
  byOwnerReference(apiVersion: string, kind: string): DiscoveredType | undefined {
    const { group, version } = parseApiVersion(apiVersion);
    let sameKind: DiscoveredType | undefined;
    for (const type of this.#types.values()) {
      if (type.group !== group || type.kind !== kind) continue;
      if (type.version === version) return type;
      sameKind ??= type;
    }
    return sameKind;
  }
}

function has(type: DiscoveredType, ...verbs: string[]): boolean {
  return verbs.every((v) => type.verbs.includes(v));
}

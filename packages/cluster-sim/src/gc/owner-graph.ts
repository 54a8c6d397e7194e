/**
 * kube's GC keeps a graph of owners and dependents built from its informers. Here the
 * informers' caches are the graph: "who owns what" is the owner-uid index every informer
 * keeps, so the graph is rebuilt from the API by every relist and never lives elsewhere.
 */
import { formatObjectKey, type KubeObject, type OwnerReference } from '@dojo/kube-api';
import { ownerUidIndex, type Clock, type InformerFactory, type ResourceType } from '@dojo/runtime';
import type { ResourceCatalog } from '../discovery/resource-catalog.ts';

export const foregroundFinalizer = 'foregroundDeletion';
export const orphanFinalizer = 'orphan';

export interface Dependent {
  readonly type: ResourceType;
  readonly object: KubeObject;
}

export class OwnerGraph {
  readonly #informers: InformerFactory;
  readonly #catalog: ResourceCatalog;
  readonly #watched = new Map<string, ResourceType>();

  constructor(informers: InformerFactory, catalog: ResourceCatalog) {
    this.#informers = informers;
    this.#catalog = catalog;
  }

  /** Starts watching a kind (its informer is shared with every other controller). */
  watch(type: ResourceType): void {
    this.#watched.set(`${type.group}/${type.resource}`, type);
  }

  watched(): ResourceType[] {
    return [...this.#watched.values()];
  }

  isWatched(type: ResourceType): boolean {
    return this.#watched.has(`${type.group}/${type.resource}`);
  }

  /** The cached object, if its kind is watched. */
  cached(type: ResourceType, namespace: string | undefined, name: string): KubeObject | undefined {
    if (!this.isWatched(type)) return undefined;
    return this.#informers.informerFor(type).store.get(formatObjectKey({ namespace: type.namespaced ? namespace : undefined, name }));
  }

  /** The kind an owner reference names. */
  ownerType(ref: OwnerReference): ResourceType | undefined {
    return this.#catalog.byOwnerReference(ref.apiVersion, ref.kind);
  }

  /** The cached owner a reference points at, if cached under the same uid. */
  cachedOwner(dependent: KubeObject, ref: OwnerReference): { type: ResourceType; owner: KubeObject } | undefined {
    const type = this.ownerType(ref);
    if (!type) return undefined;
    const owner = this.cached(type, dependent.metadata.namespace, ref.name);
    return owner?.metadata.uid === ref.uid ? { type, owner } : undefined;
  }

  /** Every cached object with an owner reference to `uid`, of any watched kind. */
  dependentsOf(uid: string): Dependent[] {
    return this.watched().flatMap((type) =>
      this.#informers
        .informerFor(type)
        .store.byIndex(ownerUidIndex, uid)
        .map((object) => ({ type, object })),
    );
  }

  /**
   * Resolves once the cache of every watched kind the cluster still serves holds its first
   * list (a kind whose CRD went away never lists again, and must not hold the GC up). Rejects
   * after `timeoutMs`, or when `signal` aborts.
   */
  async waitForSync(clock: Clock, timeoutMs: number, signal: AbortSignal): Promise<void> {
    const pending = this.watched()
      .filter((type) => this.#catalog.isServed(type))
      .map((type) => this.#informers.informerFor(type))
      .filter((informer) => !informer.hasSynced());
    if (pending.length === 0) return;
    signal.throwIfAborted();
    // One abort listener for all of them, not one per kind.
    const giveUp = new AbortController();
    const onAbort = (): void => giveUp.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    const names = pending.map((informer) => informer.type.resource).join(', ');
    const timer = clock.setTimer(timeoutMs, () => giveUp.abort(new Error(`caches of ${names} did not sync within ${timeoutMs} ms`)));
    try {
      await Promise.race([
        Promise.all(pending.map((informer) => informer.waitForSync())),
        new Promise<never>((_, reject) => giveUp.signal.addEventListener('abort', () => reject(giveUp.signal.reason), { once: true })),
      ]);
    } finally {
      timer.cancel();
      signal.removeEventListener('abort', onAbort);
    }
  }
}

export function hasFinalizer(object: KubeObject, finalizer: string): boolean {
  return object.metadata.finalizers?.includes(finalizer) ?? false;
}

/** Being deleted in the foreground: it waits for its blocking dependents to go first. */
export function isDeletingDependents(object: KubeObject): boolean {
  return Boolean(object.metadata.deletionTimestamp) && hasFinalizer(object, foregroundFinalizer);
}

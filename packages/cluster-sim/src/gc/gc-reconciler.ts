/**
 * The garbage collector's decision for one object (kube's garbagecollector.go):
 *
 * - An owner being deleted with the `orphan` finalizer: remove its owner reference from every
 *   dependent, then the finalizer.
 * - An owner being deleted with `foregroundDeletion`: once no dependent that blocks owner
 *   deletion is left, remove the finalizer (its dependents are deleted as below meanwhile).
 * - A dependent: sort its owners into solid (exist), dangling (gone, or a new object under the
 *   name) and waiting (being deleted in the foreground). With a solid owner it stays, minus its
 *   references to the others; otherwise it is deleted: in the foreground if a waiting owner
 *   needs its own dependents gone first, else as its own finalizers ask (background by default).
 *
 * "Gone" is always decided by the API server, never by a cache that may not have caught up.
 */
import { isConflict, isNotFound, type KubeObject, type OwnerReference } from '@dojo/kube-api';
import type { Client, Clock, DeleteOptions, EventRecorder, ObjectReader, ReconcileContext, Reconciler, ResourceType, Result } from '@dojo/runtime';
import type { ResourceCatalog } from '../discovery/resource-catalog.ts';
import { gcKey, parseGcKey } from './gc-key.ts';
import { foregroundFinalizer, hasFinalizer, isDeletingDependents, orphanFinalizer, type OwnerGraph } from './owner-graph.ts';

export interface GcDeps {
  readonly client: Client;
  /** Uncached reads: whether an owner exists is asked of the API server. */
  readonly api: ObjectReader;
  readonly graph: OwnerGraph;
  readonly catalog: ResourceCatalog;
  readonly clock: Clock;
  /** kube's GC is mostly silent; these Events make its work visible next to the other controllers'. */
  readonly recorder: EventRecorder;
  /** Puts a key back on the garbage collector's queue (a blocking dependent to delete). */
  readonly enqueue: (key: string, reason: string) => void;
}

// Releasing or deleting dependents needs every dependent in the cache; a kind whose cache is
// slower than this fails the pass, which is retried with backoff.
const cacheSyncTimeoutMs = 30_000;

interface OwnerClasses {
  solid: OwnerReference[];
  dangling: OwnerReference[];
  waiting: OwnerReference[];
}

export class GarbageCollectorReconciler implements Reconciler {
  readonly #deps: GcDeps;

  constructor(deps: GcDeps) {
    this.#deps = deps;
  }

  async reconcile(_request: unknown, context: ReconcileContext): Promise<Result | void> {
    const id = parseGcKey(context.key);
    const type = id && this.#deps.catalog.byResourceName(id.resource);
    if (!id || !type) return;
    // Decide on the cached object; act only after re-reading it from the API server.
    const cached = this.#deps.graph.cached(type, id.namespace, id.name);
    if (!cached) return;
    if (cached.metadata.deletionTimestamp) {
      if (hasFinalizer(cached, orphanFinalizer)) return this.#orphanDependents(type, cached, context.signal);
      if (hasFinalizer(cached, foregroundFinalizer)) return this.#deleteDependentsFirst(type, cached, context.signal);
      return;
    }
    if (!cached.metadata.ownerReferences?.length || this.#ownersAllSolidInCache(cached)) return;
    const latest = await this.#latest(type, cached);
    if (!latest || latest.metadata.deletionTimestamp) return;
    await this.#attemptToDelete(type, latest);
  }

  async #attemptToDelete(type: ResourceType, item: KubeObject): Promise<void> {
    const owners = await this.#classifyOwners(item);
    if (owners.solid.length > 0) {
      const drop = [...owners.dangling, ...owners.waiting];
      if (drop.length === 0) return;
      const uids = new Set(drop.map((ref) => ref.uid));
      await this.#setOwnerReferences(
        type,
        item,
        (item.metadata.ownerReferences ?? []).filter((ref) => !uids.has(ref.uid)),
      );
      this.#deps.recorder.record(
        item,
        'Normal',
        'OwnerRefRemoved',
        `Removed the owner reference to ${describe(drop)}: gone or being deleted, while ${describe(owners.solid)} remains`,
        { resource: type },
      );
      return;
    }
    const foreground = owners.waiting.length > 0 && this.#deps.graph.dependentsOf(item.metadata.uid ?? '').length > 0;
    const policy = foreground
      ? 'Foreground'
      : hasFinalizer(item, orphanFinalizer)
        ? 'Orphan'
        : hasFinalizer(item, foregroundFinalizer)
          ? 'Foreground'
          : 'Background';
    if (await this.#delete(type, item, policy)) {
      const why =
        owners.waiting.length > 0 ? `${describe(owners.waiting)} is being deleted in the foreground` : `${describe(owners.dangling)} no longer exists`;
      this.#deps.recorder.record(item, 'Normal', 'GarbageCollected', `Deleted (propagationPolicy=${policy}): its owner ${why}`, { resource: type });
    }
  }

  async #classifyOwners(item: KubeObject): Promise<OwnerClasses> {
    const classes: OwnerClasses = { solid: [], dangling: [], waiting: [] };
    for (const ref of item.metadata.ownerReferences ?? []) {
      const owner = await this.#findOwner(item, ref);
      if (!owner) classes.dangling.push(ref);
      else if (isDeletingDependents(owner)) classes.waiting.push(ref);
      else classes.solid.push(ref);
    }
    return classes;
  }

  /** The owner a reference points at, asking the API server when the cache does not have it. */
  async #findOwner(item: KubeObject, ref: OwnerReference): Promise<KubeObject | undefined> {
    let type = this.#deps.graph.ownerType(ref);
    if (!type) {
      await this.#deps.catalog.refresh();
      type = this.#deps.graph.ownerType(ref);
    }
    // Unknown kinds are retried with backoff: deleting dependents of an owner nobody can look
    // up would be a guess.
    if (!type) throw new Error(`owner reference to unknown kind ${ref.kind} in ${ref.apiVersion}`);
    // A namespaced owner cannot own a cluster-scoped object: kube treats that owner as absent.
    if (type.namespaced && !item.metadata.namespace) return undefined;
    const cached = this.#deps.graph.cached(type, item.metadata.namespace, ref.name);
    if (cached?.metadata.uid === ref.uid) return cached;
    try {
      const live = await this.#deps.api.get(type, { namespace: type.namespaced ? item.metadata.namespace : undefined, name: ref.name });
      return live.metadata.uid === ref.uid ? live : undefined;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  /** The owner side of foreground deletion: wait for blocking dependents, then let go. */
  async #deleteDependentsFirst(type: ResourceType, owner: KubeObject, signal: AbortSignal): Promise<void> {
    await this.#deps.graph.waitForSync(this.#deps.clock, cacheSyncTimeoutMs, signal);
    const uid = owner.metadata.uid ?? '';
    const blocking = this.#deps.graph
      .dependentsOf(uid)
      .filter(({ object }) => object.metadata.ownerReferences?.some((ref) => ref.uid === uid && ref.blockOwnerDeletion === true));
    if (blocking.length === 0) {
      const latest = await this.#latest(type, owner);
      if (latest && hasFinalizer(latest, foregroundFinalizer)) {
        await this.#removeFinalizer(type, latest, foregroundFinalizer);
        this.#deps.recorder.record(
          latest,
          'Normal',
          'DependentsDeleted',
          `No dependent blocks the deletion any more: removed the ${foregroundFinalizer} finalizer`,
          { resource: type },
        );
      }
      return;
    }
    // Dependents not yet being deleted get their turn; the ones being deleted will send an
    // event that brings this owner back.
    for (const { type: dependentType, object } of blocking) {
      if (!object.metadata.deletionTimestamp)
        this.#deps.enqueue(gcKey(dependentType, object.metadata.namespace, object.metadata.name ?? ''), 'owner-deleting-in-foreground');
    }
  }

  async #orphanDependents(type: ResourceType, owner: KubeObject, signal: AbortSignal): Promise<void> {
    await this.#deps.graph.waitForSync(this.#deps.clock, cacheSyncTimeoutMs, signal);
    const uid = owner.metadata.uid ?? '';
    const dependents = this.#deps.graph.dependentsOf(uid);
    for (const { type: dependentType, object } of dependents) {
      await this.#setOwnerReferences(
        dependentType,
        object,
        (object.metadata.ownerReferences ?? []).filter((ref) => ref.uid !== uid),
      );
    }
    const latest = await this.#latest(type, owner);
    if (latest && hasFinalizer(latest, orphanFinalizer)) {
      await this.#removeFinalizer(type, latest, orphanFinalizer);
      this.#deps.recorder.record(
        latest,
        'Normal',
        'DependentsOrphaned',
        `Removed this owner's reference from ${dependents.length} dependents, then the ${orphanFinalizer} finalizer`,
        { resource: type },
      );
    }
  }

  #ownersAllSolidInCache(item: KubeObject): boolean {
    return (item.metadata.ownerReferences ?? []).every((ref) => {
      const found = this.#deps.graph.cachedOwner(item, ref);
      return found !== undefined && !isDeletingDependents(found.owner);
    });
  }

  async #latest(type: ResourceType, object: KubeObject): Promise<KubeObject | undefined> {
    try {
      const latest = await this.#deps.api.get(type, keyOf(object));
      return latest.metadata.uid === object.metadata.uid ? latest : undefined;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  // The list is replaced whole, so the write carries the resourceVersion it was computed from.
  async #setOwnerReferences(type: ResourceType, object: KubeObject, ownerReferences: OwnerReference[]): Promise<void> {
    await this.#patchIgnoringGone(type, object, {
      ownerReferences: ownerReferences.length > 0 ? ownerReferences : null,
      resourceVersion: object.metadata.resourceVersion,
    });
  }

  async #removeFinalizer(type: ResourceType, object: KubeObject, finalizer: string): Promise<void> {
    const finalizers = (object.metadata.finalizers ?? []).filter((f) => f !== finalizer);
    await this.#patchIgnoringGone(type, object, { finalizers: finalizers.length > 0 ? finalizers : null, resourceVersion: object.metadata.resourceVersion });
  }

  async #patchIgnoringGone(type: ResourceType, object: KubeObject, metadata: Record<string, unknown>): Promise<void> {
    try {
      await this.#deps.client.patch(type, keyOf(object), { type: 'merge', body: { metadata } });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  /** True if this call deleted it (false: already gone, or a new object took the name). */
  async #delete(type: ResourceType, object: KubeObject, propagationPolicy: NonNullable<DeleteOptions['propagationPolicy']>): Promise<boolean> {
    try {
      await this.#deps.client.delete(type, keyOf(object), { propagationPolicy, preconditions: { uid: object.metadata.uid } });
      return true;
    } catch (error) {
      if (isNotFound(error) || isConflict(error)) return false;
      throw error;
    }
  }
}

/** "Deployment web" or "Deployment web, ConfigMap settings". */
function describe(refs: readonly OwnerReference[]): string {
  return refs.map((ref) => `${ref.kind} ${ref.name}`).join(', ');
}

function keyOf(object: KubeObject): { namespace?: string | undefined; name: string } {
  return { namespace: object.metadata.namespace, name: object.metadata.name ?? '' };
}

/**
 * Wires the garbage collector: one controller, one queue for every kind the catalog finds
 * (kinds discovered later join as they appear). Each kind's informer events say which objects
 * need a look:
 *
 * - an object whose owner is missing from the cache, has another uid, or is being deleted in
 *   the foreground (it may have to go);
 * - an object being deleted with the `orphan` or `foregroundDeletion` finalizer (its
 *   dependents must be released or deleted), and then each of its dependents;
 * - on a delete: the object's dependents (now dangling), and owners waiting for it to go.
 *
 * Every event is counted as passed or dropped, so the console shows what the GC ignored.
 */
import { objectKeyOf, type KubeObject, type WatchEventType } from '@dojo/kube-api';
import { Controller, CountingPredicate, type EventRecorder, type Manager, predicateFuncs, type ResourceType, type WatchSource } from '@dojo/runtime';
import type { ResourceCatalog } from '../discovery/resource-catalog.ts';
import { systemControllers } from '../system-controllers.ts';
import { GarbageCollectorReconciler } from './gc-reconciler.ts';
import { gcKey, parseGcKey } from './gc-key.ts';
import { foregroundFinalizer, hasFinalizer, isDeletingDependents, orphanFinalizer, OwnerGraph } from './owner-graph.ts';

export class GarbageCollector {
  readonly controller: Controller;
  readonly #manager: Manager;
  readonly #graph: OwnerGraph;
  // Handed to the manager by reference: kinds discovered later appear in the console too.
  readonly #sources: WatchSource[] = [];
  readonly #unsubscribe: () => void;

  constructor(manager: Manager, catalog: ResourceCatalog, recorder: EventRecorder, workers: number) {
    this.#manager = manager;
    this.#graph = new OwnerGraph(manager.informers, catalog);
    this.controller = new Controller({
      name: systemControllers.garbageCollector.name,
      journal: manager.journal,
      clock: manager.clock,
      metrics: manager.controllerMetrics,
      maxConcurrentReconciles: workers,
      // Its keys name the kind ("replicasets.apps/default/web-5d9c"), so the journal can say which object each is.
      identify: (key) => {
        const id = parseGcKey(key);
        const type = id ? catalog.byResourceName(id.resource) : undefined;
        return id && type ? { group: type.group, kind: type.kind, ...(id.namespace ? { namespace: id.namespace } : {}), name: id.name } : undefined;
      },
      reconciler: new GarbageCollectorReconciler({
        client: manager.client,
        api: manager.apiClient,
        graph: this.#graph,
        catalog,
        clock: manager.clock,
        recorder,
        enqueue: (key, reason) => this.controller.enqueue(key, { reason }),
      }),
    });
    for (const type of catalog.collectable()) this.#watch(type);
    this.#unsubscribe = catalog.onAdded(() => {
      for (const type of catalog.collectable()) if (!this.#graph.isWatched(type)) this.#watch(type);
    });
    manager.add(this.controller, this.#sources);
  }

  /** Stops following newly discovered kinds (the manager stops the controller itself). */
  close(): void {
    this.#unsubscribe();
  }

  #watch(type: ResourceType): void {
    this.#graph.watch(type);
    const needsLook = new CountingPredicate<KubeObject>(
      predicateFuncs({
        create: ({ object }) => this.#needsLook(object),
        update: ({ old, new: object }) => this.#needsLook(object) || waitingOwnersOf(this.#graph, old).length > 0,
        delete: () => true,
      }),
    );
    this.#sources.push({ relation: 'watches', kind: type.kind, resource: type.resource, counts: () => needsLook.counts() });
    this.#manager.informers.informerFor(type).addEventHandler({
      onAdd: (object) => {
        if (needsLook.create({ object })) this.#lookAt(type, object, 'ADDED');
      },
      onUpdate: (old, object) => {
        if (needsLook.update({ old, new: object })) this.#lookAt(type, object, 'MODIFIED', old);
      },
      onDelete: (object) => {
        needsLook.delete({ object });
        const trigger = triggerFor(type, object, 'DELETED', 'owner-deleted');
        for (const dependent of this.#graph.dependentsOf(object.metadata.uid ?? '')) {
          this.controller.enqueue(gcKey(dependent.type, dependent.object.metadata.namespace, dependent.object.metadata.name ?? ''), trigger);
        }
        this.#wakeWaitingOwners(type, object);
      },
    });
  }

  #needsLook(object: KubeObject): boolean {
    if (object.metadata.deletionTimestamp && (hasFinalizer(object, orphanFinalizer) || hasFinalizer(object, foregroundFinalizer))) return true;
    return (object.metadata.ownerReferences ?? []).some((ref) => {
      const found = this.#graph.cachedOwner(object, ref);
      return !found || isDeletingDependents(found.owner);
    });
  }

  #lookAt(type: ResourceType, object: KubeObject, event: WatchEventType, old?: KubeObject): void {
    const trigger = triggerFor(type, object, event, object.metadata.deletionTimestamp ? 'deleting' : 'owner-check');
    this.controller.enqueue(gcKey(type, object.metadata.namespace, object.metadata.name ?? ''), trigger);
    if (isDeletingDependents(object)) {
      for (const dependent of this.#graph.dependentsOf(object.metadata.uid ?? '')) {
        this.controller.enqueue(gcKey(dependent.type, dependent.object.metadata.namespace, dependent.object.metadata.name ?? ''), {
          ...trigger,
          reason: 'owner-deleting-in-foreground',
        });
      }
    }
    if (old) this.#wakeWaitingOwners(type, old);
    this.#wakeWaitingOwners(type, object);
  }

  /** A dependent changed or went: owners deleting in the foreground may be free to go. */
  #wakeWaitingOwners(type: ResourceType, object: KubeObject): void {
    for (const { type: ownerType, owner } of waitingOwnersOf(this.#graph, object)) {
      this.controller.enqueue(gcKey(ownerType, owner.metadata.namespace, owner.metadata.name ?? ''), triggerFor(type, object, 'MODIFIED', 'dependent-changed'));
    }
  }
}

function waitingOwnersOf(graph: OwnerGraph, object: KubeObject): { type: ResourceType; owner: KubeObject }[] {
  return (object.metadata.ownerReferences ?? []).flatMap((ref) => {
    const found = graph.cachedOwner(object, ref);
    return found && isDeletingDependents(found.owner) ? [found] : [];
  });
}

function triggerFor(type: ResourceType, object: KubeObject, event: WatchEventType, reason: string) {
  return {
    reason,
    event,
    kind: type.kind,
    key: objectKeyOf(object),
    ...(object.metadata.resourceVersion ? { resourceVersion: object.metadata.resourceVersion } : {}),
  };
}

/**
 * The indexes every informer keeps (client-go's `cache.MetaNamespaceIndexFunc`, kube's
 * `PodControllerUIDIndex` and friends), so that the lookups controllers make on every
 * reconcile cost what they return, not the size of the namespace.
 */
import type { KubeObject } from '@dojo/kube-api';
import type { IndexFunc, ReadableStore } from './store.ts';

export const namespaceIndex = 'namespace';
export const ownerUidIndex = 'ownerUid';
export const controllerUidIndex = 'controllerUid';
export const labelIndex = 'label';

/** Cluster-scoped objects sit under "". */
export const byNamespace: IndexFunc = (object) => [object.metadata.namespace ?? ''];

/** Every owner's uid, so "what does this object own?" is one lookup (owned children, GC). */
export const byOwnerUid: IndexFunc = (object) => (object.metadata.ownerReferences ?? []).map((ref) => ref.uid);

/**
 * The uid of the object's controller, or its namespace's orphan key when no owner reference
 * is a controller: what a ReplicaSet may claim is then two lookups (its own Pods, and the
 * orphans it might adopt), as kube's ReplicaSet controller does since 1.29.
 */
export const byController: IndexFunc = (object) => {
  const controller = object.metadata.ownerReferences?.find((ref) => ref.controller === true);
  return [controller ? controller.uid : orphanIndexValue(object.metadata.namespace ?? '')];
};

/** The controller index's value for the objects of a namespace that no controller claims. */
export function orphanIndexValue(namespace: string): string {
  // A uid never contains a space, so no controller's uid can collide with this.
  return `orphans in ${namespace}`;
}

/** One value per label, scoped by namespace: `namespace/key=value`. */
export const byLabel: IndexFunc = (object) => {
  const labels = object.metadata.labels;
  if (!labels) return [];
  const namespace = object.metadata.namespace ?? '';
  return Object.entries(labels).map(([key, value]) => labelIndexValue(namespace, key, value));
};

// A namespace has no "/" and a label key no "=", so the value reads back one way only.
export function labelIndexValue(namespace: string, key: string, value: string): string {
  return `${namespace}/${key}=${value}`;
}

export const defaultIndexers: Readonly<Record<string, IndexFunc<KubeObject>>> = {
  [namespaceIndex]: byNamespace,
  [ownerUidIndex]: byOwnerUid,
  [controllerUidIndex]: byController,
  [labelIndex]: byLabel,
};

/**
 * What a controller may claim (kube's `FilterPodsByOwner` with orphans included): the objects
 * it controls plus the orphans in its namespace, straight from the cache and not copied. The
 * caller still checks its selector (controller-ref-manager) and copies what it keeps.
 */
export function claimCandidates<T extends KubeObject>(store: ReadableStore<T>, owner: KubeObject): T[] {
  const controlled = owner.metadata.uid ? store.byIndex(controllerUidIndex, owner.metadata.uid) : [];
  return [...controlled, ...store.byIndex(controllerUidIndex, orphanIndexValue(owner.metadata.namespace ?? ''))];
}

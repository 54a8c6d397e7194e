/**
 * controller-runtime's `cache.TransformStripManagedFields`: an informer transform that drops
 * `metadata.managedFields` before an object is cached. Controllers never read ownership
 * bookkeeping, yet it is often the largest part of an object: without it, a cache of 10,000
 * Dojos with their Deployments, ReplicaSets and Pods holds far less, and every cached read
 * copies less.
 *
 * Safe for writes: an update sent without managedFields keeps the stored ones (an empty list
 * means "not sent"), exactly as if the cached ones had been sent back unchanged. Conflict
 * records that want the winning writer ask the API server when the cache has no managedFields.
 */
import type { KubeObject } from '@dojo/kube-api';

export function stripManagedFields<T extends KubeObject>(object: T): T {
  // The watch hands over a freshly parsed object: edit it rather than copy it. Assigning
  // undefined (JSON and deepCopy drop it) keeps the object's shape, which `delete` would not.
  if (object.metadata.managedFields !== undefined) object.metadata.managedFields = undefined;
  return object;
}

/**
 * Controller references (metav1.NewControllerRef, GetControllerOf, IsControlledBy): an object
 * has at most one owner reference with `controller: true`, and it names its owner by uid, so
 * an owner deleted and re-created under the same name controls nothing of the old one's.
 */
import type { KubeObject, OwnerReference } from './types.ts';

/** The reference a controller puts on what it creates; it also blocks foreground deletion. */
export function newControllerRef(owner: KubeObject, ownerKind: { apiVersion: string; kind: string }): OwnerReference {
  return {
    apiVersion: ownerKind.apiVersion,
    kind: ownerKind.kind,
    name: owner.metadata.name ?? '',
    uid: owner.metadata.uid ?? '',
    controller: true,
    blockOwnerDeletion: true,
  };
}

export function controllerOf(object: KubeObject): OwnerReference | undefined {
  return object.metadata.ownerReferences?.find((ref) => ref.controller === true);
}

export function isControlledBy(object: KubeObject, owner: KubeObject): boolean {
  const ref = controllerOf(object);
  return ref !== undefined && ref.uid === owner.metadata.uid;
}

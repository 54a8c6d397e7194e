/** metav1.NewControllerRef / GetControllerOf: who controls an object, by uid. */
import type { KubeObject, OwnerReference } from '@dojo/kube-api';
import { apiVersionOfType, type ResourceType } from '@dojo/runtime';

/** The reference a controller puts on what it creates: controller, and it blocks foreground deletion. */
export function controllerRefTo(owner: KubeObject, ownerType: ResourceType): OwnerReference {
  return {
    apiVersion: apiVersionOfType(ownerType),
    kind: ownerType.kind,
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

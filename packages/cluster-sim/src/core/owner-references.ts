/** metav1.NewControllerRef for an owner addressed by its ResourceType (cached objects may lack apiVersion/kind). */
import { newControllerRef, type KubeObject, type OwnerReference } from '@dojo/kube-api';
import { apiVersionOfType, type ResourceType } from '@dojo/runtime';

/** The reference a controller puts on what it creates: controller, and it blocks foreground deletion. */
export function controllerRefTo(owner: KubeObject, ownerType: ResourceType): OwnerReference {
  return newControllerRef(owner, { apiVersion: apiVersionOfType(ownerType), kind: ownerType.kind });
}

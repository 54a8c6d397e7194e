/**
 * The garbage collector's queue keys name the kind as well as the object, because it handles
 * every kind in one queue: "replicasets.apps/default/web-5d9c", "namespaces/team-a". Names,
 * namespaces and resource names never contain "/", so the number of parts tells the scope.
 */
import { resourceName, type ResourceType } from '@dojo/runtime';

export interface GcObjectId {
  /** The resource name with its group ("replicasets.apps"), as ResourceCatalog indexes it. */
  readonly resource: string;
  readonly namespace?: string;
  readonly name: string;
}

export function gcKey(type: ResourceType, namespace: string | undefined, name: string): string {
  return type.namespaced && namespace ? `${resourceName(type)}/${namespace}/${name}` : `${resourceName(type)}/${name}`;
}

export function parseGcKey(key: string): GcObjectId | undefined {
  const parts = key.split('/');
  if (parts.length === 3) return { resource: parts[0]!, namespace: parts[1]!, name: parts[2]! };
  if (parts.length === 2) return { resource: parts[0]!, name: parts[1]! };
  return undefined;
}

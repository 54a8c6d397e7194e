/** Object keys: "namespace/name" for namespaced objects, "name" for cluster-scoped ones. */
import type { KubeObject } from './types.ts';

export interface ObjectKey {
  namespace?: string | undefined;
  name: string;
}

export function formatObjectKey(key: ObjectKey): string {
  return key.namespace ? `${key.namespace}/${key.name}` : key.name;
}

export function parseObjectKey(key: string): ObjectKey {
  const slash = key.indexOf('/');
  return slash < 0 ? { name: key } : { namespace: key.slice(0, slash), name: key.slice(slash + 1) };
}

export function objectKeyOf(obj: KubeObject): string {
  return formatObjectKey({ namespace: obj.metadata.namespace, name: obj.metadata.name ?? '' });
}

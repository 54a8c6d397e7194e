/**
 * How a controller names the object behind one of its queue keys. A queue holds "namespace/name"
 * only; the journal's records also say which object that is (its group and kind, and its uid
 * when the cache holds it), so a Dojo's reconciles are never mistaken for those of the
 * Deployment or Database that share its namespace/name.
 */
import { parseObjectKey, type ObjectIdentity } from '@dojo/kube-api';
import type { ResourceType } from '../client/resource-type.ts';
import type { ReadableStore } from '../informer/store.ts';

/** The identity of the object a key stands for, or undefined when the controller cannot tell. */
export type ObjectIdentifier = (key: string) => ObjectIdentity | undefined;

/** Keys of one kind (a builder's For type); the uid comes from the cache while it holds the object. */
export function identifierFor(type: Pick<ResourceType, 'group' | 'kind' | 'namespaced'>, cache?: ReadableStore): ObjectIdentifier {
  return (key) => {
    const { namespace, name } = parseObjectKey(key);
    const uid = cache?.get(key)?.metadata.uid;
    return { group: type.group, kind: type.kind, ...(namespace && type.namespaced ? { namespace } : {}), name, ...(uid ? { uid } : {}) };
  };
}

/** controller-runtime's `client.IgnoreNotFound` for reads: a missing object is `undefined`, not an error. */
import { isNotFound, type KubeObject, type ObjectKey } from '@dojo/kube-api';
import type { ObjectReader, ResourceType } from '@dojo/runtime';

export async function readIfExists<T extends KubeObject>(
  reader: ObjectReader,
  type: ResourceType,
  key: ObjectKey,
  signal?: AbortSignal,
): Promise<T | undefined> {
  try {
    return await reader.get<T>(type, key, signal ? { signal } : {});
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/**
 * Deleting everything in a Namespace (kube's namespaced_resources_deleter.go): every
 * namespaced kind the cluster serves, listed from the API server and deleted in the
 * background (the garbage collector takes care of what they own). What survives the pass is
 * what finalizers hold, and is reported by kind and by finalizer.
 */
import { isConflict, isNotFound, isStatus, type KubeObject } from '@dojo/kube-api';
import { resourceName, type Client, type KubeClient, type ResourceType } from '@dojo/runtime';

export interface RemainingContent {
  /** Objects left, by resource name ("pods", "dojos.core.jutsu.com"). */
  readonly byResource: ReadonlyMap<string, number>;
  /** Objects left, by the finalizers that hold them. */
  readonly byFinalizer: ReadonlyMap<string, number>;
  readonly total: number;
}

export async function deleteNamespaceContent(
  namespace: string,
  types: readonly ResourceType[],
  api: KubeClient,
  client: Client,
  signal?: AbortSignal,
): Promise<RemainingContent> {
  const byResource = new Map<string, number>();
  const byFinalizer = new Map<string, number>();
  let total = 0;
  for (const type of types) {
    let items: KubeObject[];
    try {
      items = (await api.list(type, { namespace, signal })).items;
    } catch (error) {
      // A kind that stopped being served (its CRD went) has nothing left to delete.
      if (isNotFound(error)) continue;
      throw error;
    }
    for (const item of items) {
      const left = item.metadata.deletionTimestamp ? item : await deleteInBackground(client, type, item, signal);
      if (!left) continue;
      total++;
      byResource.set(resourceName(type), (byResource.get(resourceName(type)) ?? 0) + 1);
      for (const finalizer of left.metadata.finalizers ?? []) byFinalizer.set(finalizer, (byFinalizer.get(finalizer) ?? 0) + 1);
    }
  }
  return { byResource, byFinalizer, total };
}

/** The object if it is still there (finalizers hold it), else undefined. */
async function deleteInBackground(client: Client, type: ResourceType, item: KubeObject, signal?: AbortSignal): Promise<KubeObject | undefined> {
  try {
    const result = await client.delete(
      type,
      { namespace: item.metadata.namespace, name: item.metadata.name ?? '' },
      { propagationPolicy: 'Background', preconditions: { uid: item.metadata.uid }, signal },
    );
    // Removed at once, the object comes back without a deletionTimestamp (or as a Status).
    return isStatus(result) || !result.metadata.deletionTimestamp ? undefined : result;
  } catch (error) {
    if (isNotFound(error) || isConflict(error)) return undefined;
    throw error;
  }
}

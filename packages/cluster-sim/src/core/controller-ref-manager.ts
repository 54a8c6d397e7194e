/**
 * controller-runtime's / kube's ControllerRefManager: the objects a controller manages are the
 * ones whose controller reference names it. Orphans matching its selector are adopted (an
 * owner reference is added); owned objects that stopped matching are released.
 *
 * Adoption first re-reads the owner from the API server (RecheckDeletionTimestamp): a cached
 * owner may already be deleted, and adopting into a deleted owner would hand the object to
 * the garbage collector.
 *
 * Candidates come straight from the informer's controller index (`claimCandidates`: the
 * owner's own objects and its namespace's orphans), uncopied; only what is claimed is copied,
 * so the caller may edit it and a reconcile costs what it owns, not what the namespace holds.
 */
import { controllerOf, deepCopy, isNotFound, type KubeObject, type LabelSelector } from '@dojo/kube-api';
import type { Client, ObjectReader, ResourceType } from '@dojo/runtime';
import { controllerRefTo } from './owner-references.ts';

export interface ClaimRequest<T extends KubeObject> {
  readonly owner: KubeObject;
  readonly ownerType: ResourceType;
  readonly childType: ResourceType;
  /** Shared cache objects: never mutated here, and copied when claimed. */
  readonly candidates: readonly T[];
  readonly selector: LabelSelector;
  readonly client: Client;
  /** Uncached reads, for the adoption re-check. */
  readonly api: ObjectReader;
}

export async function claimOwned<T extends KubeObject>(request: ClaimRequest<T>): Promise<T[]> {
  const { owner, selector } = request;
  const claimed: T[] = [];
  let adoptionChecked = false;
  for (const child of request.candidates) {
    const ref = controllerOf(child);
    const matches = selector.matches(child.metadata.labels);
    if (ref) {
      if (ref.uid !== owner.metadata.uid) continue;
      if (matches || owner.metadata.deletionTimestamp) claimed.push(deepCopy(child));
      else await release(request, child);
      continue;
    }
    if (!matches || owner.metadata.deletionTimestamp || child.metadata.deletionTimestamp) continue;
    if (!adoptionChecked) {
      if (!(await ownerStillCurrent(request))) return claimed;
      adoptionChecked = true;
    }
    claimed.push(await adopt(request, child));
  }
  return claimed;
}

async function ownerStillCurrent<T extends KubeObject>(request: ClaimRequest<T>): Promise<boolean> {
  try {
    const fresh = await request.api.get(request.ownerType, { namespace: request.owner.metadata.namespace, name: request.owner.metadata.name ?? '' });
    return fresh.metadata.uid === request.owner.metadata.uid && !fresh.metadata.deletionTimestamp;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}

// Merge patches replace the whole ownerReferences list, so they carry the resourceVersion
// read: a concurrent change to the list fails with 409 instead of being lost.
async function adopt<T extends KubeObject>(request: ClaimRequest<T>, child: T): Promise<T> {
  const ownerReferences = [...(child.metadata.ownerReferences ?? []), controllerRefTo(request.owner, request.ownerType)];
  return request.client.patch<T>(request.childType, keyOf(child), {
    type: 'merge',
    body: { metadata: { ownerReferences, resourceVersion: child.metadata.resourceVersion } },
  });
}

async function release<T extends KubeObject>(request: ClaimRequest<T>, child: T): Promise<void> {
  const ownerReferences = (child.metadata.ownerReferences ?? []).filter((ref) => ref.uid !== request.owner.metadata.uid);
  try {
    await request.client.patch(request.childType, keyOf(child), {
      type: 'merge',
      body: { metadata: { ownerReferences: ownerReferences.length ? ownerReferences : null, resourceVersion: child.metadata.resourceVersion } },
    });
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}

function keyOf(object: KubeObject): { namespace?: string | undefined; name: string } {
  return { namespace: object.metadata.namespace, name: object.metadata.name ?? '' };
}

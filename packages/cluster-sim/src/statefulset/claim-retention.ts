/**
 * persistentVolumeClaimRetentionPolicy (updateClaimOwnerRefForSetAndPod): who owns a replica's
 * claims, so that the garbage collector removes them when the policy says so.
 *
 * - Retain/Retain (the default): nobody; the claims outlive the set and its Pods.
 * - whenDeleted: Delete: the StatefulSet (they go with it).
 * - whenScaled: Delete: the Pod, once its ordinal is scaled away (they go with that Pod).
 * A claim controlled by something else is left alone.
 */
import { controllerOf, type OwnerReference } from '@dojo/kube-api';
import { builtinTypes } from '@dojo/runtime';
import type { PersistentVolumeClaim, StatefulSet } from '../core/apps-types.ts';
import { controllerRefTo } from '../core/owner-references.ts';
import type { Pod } from '../core/workload-types.ts';

/** The claim's owner references under the policy, or undefined when they are right already. */
export function retentionOwners(claim: PersistentVolumeClaim, set: StatefulSet, pod: Pod, podScaledDown: boolean): OwnerReference[] | undefined {
  const current = claim.metadata.ownerReferences ?? [];
  const ours = (ref: OwnerReference): boolean => ref.uid === set.metadata.uid || (pod.metadata.uid !== undefined && ref.uid === pod.metadata.uid);
  const controller = controllerOf(claim);
  if (controller && !ours(controller)) return undefined;
  const policy = set.spec.persistentVolumeClaimRetentionPolicy ?? {};
  const refs = current.filter((ref) => !ours(ref));
  const bySet = policy.whenDeleted === 'Delete' && !(podScaledDown && policy.whenScaled === 'Delete');
  const byPod = policy.whenScaled === 'Delete' && podScaledDown && pod.metadata.uid !== undefined;
  if (bySet) refs.push(controllerRefTo(set, builtinTypes.statefulSets));
  if (byPod) refs.push(controllerRefTo(pod, builtinTypes.pods));
  const same =
    refs.length === current.length && refs.every((ref) => current.some((c) => c.uid === ref.uid && Boolean(c.controller) === Boolean(ref.controller)));
  return same ? undefined : refs;
}

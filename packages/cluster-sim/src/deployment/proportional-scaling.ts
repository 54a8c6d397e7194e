/**
 * Scaling a Deployment in the middle of a rollout (kube's sync.go `scale`): when several
 * ReplicaSets hold Pods, the added or removed replicas are shared out in proportion to each
 * ReplicaSet's size, so a rollout keeps its shape; leftovers go to the largest ReplicaSet.
 */
import type { Deployment, ReplicaSet } from '../core/workload-types.ts';
import { activeReplicaSets, byCreation, findActiveOrLatest, isSaturated, maxReplicasAnnotation } from './replica-set-history.ts';
import { desiredReplicas, isRollingUpdate, maxSurge, specReplicas, sumSpecReplicas } from './rollout-math.ts';
import type { ScaleStep } from './rolling-update.ts';

/** Every ReplicaSet the scale touches, with its new size (equal sizes still refresh annotations). */
export function planScale(d: Deployment, newRS: ReplicaSet | undefined, oldRSs: readonly ReplicaSet[]): ScaleStep[] {
  const desired = desiredReplicas(d);
  const single = findActiveOrLatest(newRS, oldRSs);
  if (single) return specReplicas(single) === desired ? [] : [{ replicaSet: single, replicas: desired }];
  if (isSaturated(d, newRS)) return activeReplicaSets(oldRSs).map((replicaSet) => ({ replicaSet, replicas: 0 }));
  if (!isRollingUpdate(d)) return [];

  const active = activeReplicaSets([...oldRSs, newRS]);
  const allowed = desired > 0 ? desired + maxSurge(d) : 0;
  const toAdd = allowed - sumSpecReplicas(active);
  // Growing favours the bigger, then newer ReplicaSets; shrinking the bigger, then older ones.
  active.sort((a, b) => specReplicas(b) - specReplicas(a) || (toAdd > 0 ? byCreation(b, a) : byCreation(a, b)));
  const sizes = new Map<ReplicaSet, number>();
  let added = 0;
  for (const rs of active) {
    const share = toAdd === 0 ? 0 : proportion(rs, d, toAdd, added);
    sizes.set(rs, specReplicas(rs) + share);
    added += share;
  }
  const first = active[0];
  if (first && toAdd !== 0) sizes.set(first, Math.max(0, (sizes.get(first) ?? 0) + toAdd - added));
  return active.map((replicaSet) => ({ replicaSet, replicas: sizes.get(replicaSet) ?? specReplicas(replicaSet) }));
}

/** GetProportion: this ReplicaSet's share, never beyond what is left to add or remove. */
function proportion(rs: ReplicaSet, d: Deployment, toAdd: number, added: number): number {
  if (specReplicas(rs) === 0 || toAdd === added) return 0;
  const fraction = replicaSetFraction(rs, d);
  const allowed = toAdd - added;
  return toAdd > 0 ? Math.min(fraction, allowed) : Math.max(fraction, allowed);
}

/** getReplicaSetFraction: its size scaled from the old maximum (annotated) to the new one. */
function replicaSetFraction(rs: ReplicaSet, d: Deployment): number {
  const desired = desiredReplicas(d);
  if (desired === 0) return -specReplicas(rs);
  const deploymentMax = desired + maxSurge(d);
  const annotated = Number.parseInt(rs.metadata.annotations?.[maxReplicasAnnotation] ?? '', 10);
  const previousMax = Number.isNaN(annotated) || annotated <= 0 ? (d.status?.replicas ?? 0) : annotated;
  if (previousMax === 0) return 0;
  return Math.round((specReplicas(rs) * deploymentMax) / previousMax) - specReplicas(rs);
}

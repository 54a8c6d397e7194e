/**
 * A rolling update's next move, as pure plans (kube's rolling.go): grow the new ReplicaSet
 * while the surge allows, shrink old ones while availability allows. The reconciler applies a
 * plan and lets the resulting watch events bring the next one.
 */
import type { Deployment, ReplicaSet } from '../core/workload-types.ts';
import { byCreation } from './replica-set-history.ts';
import {
  desiredReplicas,
  maxUnavailable,
  newReplicaSetSize,
  oldReplicasScaleDownBudget,
  specReplicas,
  sumAvailableReplicas,
  sumSpecReplicas,
} from './rollout-math.ts';

export interface ScaleStep {
  readonly replicaSet: ReplicaSet;
  readonly replicas: number;
}

/** reconcileNewReplicaSet: the new ReplicaSet's next size, or undefined when it stays. */
export function planNewReplicaSet(d: Deployment, all: readonly ReplicaSet[], newRS: ReplicaSet): number | undefined {
  const desired = desiredReplicas(d);
  const current = specReplicas(newRS);
  if (current === desired) return undefined;
  if (current > desired) return desired;
  const next = newReplicaSetSize(d, all, newRS);
  return next === current ? undefined : next;
}

/**
 * reconcileOldReplicaSets: first remove old replicas that are not available anyway (they cost
 * no availability), oldest ReplicaSet first, within the scale-down budget; then remove
 * available ones down to desired - maxUnavailable available Pods.
 */
export function planOldReplicaSets(d: Deployment, all: readonly ReplicaSet[], oldRSs: readonly ReplicaSet[], newRS: ReplicaSet): ScaleStep[] {
  if (sumSpecReplicas(oldRSs) === 0) return [];
  const budget = oldReplicasScaleDownBudget(d, all, newRS);
  if (budget <= 0) return [];
  const sizes = new Map<ReplicaSet, number>();
  const oldestFirst = [...oldRSs].sort(byCreation);
  let cleaned = 0;
  for (const rs of oldestFirst) {
    if (cleaned >= budget) break;
    const replicas = specReplicas(rs);
    const unavailable = replicas - (rs.status?.availableReplicas ?? 0);
    if (replicas === 0 || unavailable <= 0) continue;
    const down = Math.min(budget - cleaned, unavailable);
    sizes.set(rs, replicas - down);
    cleaned += down;
  }
  const minAvailable = desiredReplicas(d) - maxUnavailable(d);
  const canRemove = sumAvailableReplicas(all) - minAvailable;
  let removed = 0;
  for (const rs of oldestFirst) {
    if (removed >= canRemove) break;
    const replicas = sizes.get(rs) ?? specReplicas(rs);
    if (replicas === 0) continue;
    const down = Math.min(replicas, canRemove - removed);
    sizes.set(rs, replicas - down);
    removed += down;
  }
  return [...sizes].filter(([rs, replicas]) => replicas !== specReplicas(rs)).map(([replicaSet, replicas]) => ({ replicaSet, replicas }));
}

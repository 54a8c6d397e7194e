/**
 * The arithmetic of a rolling update (kube's deployment/util): how far a rollout may surge
 * above and dip below the desired replicas, and how big the new ReplicaSet may grow next.
 */
import type { Deployment, IntOrPercent, ReplicaSet } from '../core/workload-types.ts';

/** intstr.GetScaledValueFromIntOrPercent: "25%" of 10 is 3 rounding up, 2 rounding down. */
export function scaledValue(value: IntOrPercent | undefined, total: number, roundUp: boolean): number {
  if (value === undefined) return 0;
  if (typeof value === 'number') return value;
  const percent = value.endsWith('%');
  const n = Number.parseInt(percent ? value.slice(0, -1) : value, 10);
  if (Number.isNaN(n)) return 0;
  if (!percent) return n;
  const scaled = (n * total) / 100;
  return roundUp ? Math.ceil(scaled) : Math.floor(scaled);
}

export function desiredReplicas(d: Deployment): number {
  return d.spec.replicas ?? 1;
}

export function isRollingUpdate(d: Deployment): boolean {
  return (d.spec.strategy?.type ?? 'RollingUpdate') === 'RollingUpdate';
}

/**
 * ResolveFenceposts: surge rounds up, unavailability rounds down, and both cannot be zero
 * (a rollout that may neither add nor remove a Pod could never move), so unavailable becomes 1.
 */
export function resolveFenceposts(
  maxSurge: IntOrPercent | undefined,
  maxUnavailable: IntOrPercent | undefined,
  desired: number,
): { surge: number; unavailable: number } {
  const surge = scaledValue(maxSurge ?? '25%', desired, true);
  let unavailable = scaledValue(maxUnavailable ?? '25%', desired, false);
  if (surge === 0 && unavailable === 0) unavailable = 1;
  return { surge, unavailable };
}

export function maxSurge(d: Deployment): number {
  if (!isRollingUpdate(d)) return 0;
  const rolling = d.spec.strategy?.rollingUpdate;
  return resolveFenceposts(rolling?.maxSurge, rolling?.maxUnavailable, desiredReplicas(d)).surge;
}

/** Never more than the desired replicas: a Deployment of 1 with "100%" still keeps 0 down. */
export function maxUnavailable(d: Deployment): number {
  const desired = desiredReplicas(d);
  if (!isRollingUpdate(d) || desired === 0) return 0;
  const rolling = d.spec.strategy?.rollingUpdate;
  return Math.min(resolveFenceposts(rolling?.maxSurge, rolling?.maxUnavailable, desired).unavailable, desired);
}

export const specReplicas = (rs: ReplicaSet | undefined): number => rs?.spec.replicas ?? 0;
export const sumSpecReplicas = (sets: readonly (ReplicaSet | undefined)[]): number => sets.reduce((n, rs) => n + specReplicas(rs), 0);
export const sumStatusReplicas = (sets: readonly (ReplicaSet | undefined)[]): number => sets.reduce((n, rs) => n + (rs?.status?.replicas ?? 0), 0);
export const sumReadyReplicas = (sets: readonly (ReplicaSet | undefined)[]): number => sets.reduce((n, rs) => n + (rs?.status?.readyReplicas ?? 0), 0);
export const sumAvailableReplicas = (sets: readonly (ReplicaSet | undefined)[]): number => sets.reduce((n, rs) => n + (rs?.status?.availableReplicas ?? 0), 0);

/**
 * NewRSNewReplicas: the size the new ReplicaSet may have now. A rolling update grows it only
 * while every ReplicaSet together stays within desired + maxSurge; Recreate jumps to desired.
 */
export function newReplicaSetSize(d: Deployment, all: readonly ReplicaSet[], newRS: ReplicaSet): number {
  const desired = desiredReplicas(d);
  if (!isRollingUpdate(d)) return desired;
  const current = specReplicas(newRS);
  const maxTotal = desired + maxSurge(d);
  const total = sumSpecReplicas(all);
  if (total >= maxTotal) return current;
  return current + Math.min(maxTotal - total, desired - current);
}

/**
 * How many old replicas a rolling update may remove now without going below
 * desired - maxUnavailable available Pods, counting the new ReplicaSet's unavailable Pods as
 * already missing (reconcileOldReplicaSets' maxScaledDown).
 */
export function oldReplicasScaleDownBudget(d: Deployment, all: readonly ReplicaSet[], newRS: ReplicaSet): number {
  const minAvailable = desiredReplicas(d) - maxUnavailable(d);
  const newUnavailable = specReplicas(newRS) - (newRS.status?.availableReplicas ?? 0);
  return sumSpecReplicas(all) - minAvailable - newUnavailable;
}

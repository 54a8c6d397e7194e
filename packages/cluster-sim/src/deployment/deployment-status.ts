/**
 * A Deployment's status and its two conditions, computed the way kube's deployment controller
 * does (sync.go calculateStatus, progress.go syncRolloutStatus), with its reasons and
 * messages verbatim so `kubectl rollout status` and `kubectl describe` read as on a cluster.
 */
import { formatTime, parseTime } from '@dojo/kube-api';
import type { Deployment, DeploymentCondition, DeploymentStatus, ReplicaSet } from '../core/workload-types.ts';
import { desiredReplicas, maxUnavailable, sumAvailableReplicas, sumReadyReplicas, sumSpecReplicas, sumStatusReplicas } from './rollout-math.ts';

export const deploymentReasons = {
  newReplicaSetCreated: 'NewReplicaSetCreated',
  foundNewReplicaSet: 'FoundNewReplicaSet',
  replicaSetUpdated: 'ReplicaSetUpdated',
  newReplicaSetAvailable: 'NewReplicaSetAvailable',
  progressDeadlineExceeded: 'ProgressDeadlineExceeded',
  replicaSetCreateError: 'ReplicaSetCreateError',
  paused: 'DeploymentPaused',
  resumed: 'DeploymentResumed',
  minimumReplicasAvailable: 'MinimumReplicasAvailable',
  minimumReplicasUnavailable: 'MinimumReplicasUnavailable',
} as const;

export function getCondition(status: DeploymentStatus | undefined, type: DeploymentCondition['type']): DeploymentCondition | undefined {
  return status?.conditions?.find((c) => c.type === type);
}

export function newCondition(
  type: DeploymentCondition['type'],
  status: DeploymentCondition['status'],
  reason: string,
  message: string,
  nowMs: number,
): DeploymentCondition {
  const time = formatTime(nowMs);
  return { type, status, lastUpdateTime: time, lastTransitionTime: time, reason, message };
}

/**
 * SetDeploymentCondition: a condition with the same status and reason is left alone (its
 * message and times too); a condition whose status did not change keeps its transition time.
 */
export function setCondition(status: DeploymentStatus, condition: DeploymentCondition): void {
  const current = getCondition(status, condition.type);
  if (current && current.status === condition.status && current.reason === condition.reason) return;
  const next = current && current.status === condition.status ? { ...condition, lastTransitionTime: current.lastTransitionTime } : condition;
  status.conditions = [...(status.conditions ?? []).filter((c) => c.type !== condition.type), next];
}

export function removeCondition(status: DeploymentStatus, type: DeploymentCondition['type']): void {
  if (!status.conditions) return;
  status.conditions = status.conditions.filter((c) => c.type !== type);
}

export function hasProgressDeadline(d: Deployment): boolean {
  const seconds = d.spec.progressDeadlineSeconds;
  return seconds !== undefined && seconds !== 2 ** 31 - 1;
}

/** calculateStatus: counts from the ReplicaSets, and Available by the maxUnavailable rule. */
export function calculateStatus(all: readonly ReplicaSet[], newRS: ReplicaSet | undefined, d: Deployment, nowMs: number): DeploymentStatus {
  const available = sumAvailableReplicas(all);
  const status: DeploymentStatus = {
    observedGeneration: d.metadata.generation ?? 0,
    replicas: sumStatusReplicas(all),
    updatedReplicas: sumStatusReplicas([newRS]),
    readyReplicas: sumReadyReplicas(all),
    availableReplicas: available,
    unavailableReplicas: Math.max(0, sumSpecReplicas(all) - available),
    ...(d.status?.collisionCount === undefined ? {} : { collisionCount: d.status.collisionCount }),
    conditions: [...(d.status?.conditions ?? [])],
  };
  if (available >= desiredReplicas(d) - maxUnavailable(d)) {
    setCondition(status, newCondition('Available', 'True', deploymentReasons.minimumReplicasAvailable, 'Deployment has minimum availability.', nowMs));
  } else {
    setCondition(
      status,
      newCondition('Available', 'False', deploymentReasons.minimumReplicasUnavailable, 'Deployment does not have minimum availability.', nowMs),
    );
  }
  return status;
}

/** Every replica updated, present and available, and the latest spec observed. */
export function deploymentComplete(d: Deployment, status: DeploymentStatus): boolean {
  const desired = desiredReplicas(d);
  return (
    status.updatedReplicas === desired &&
    status.replicas === desired &&
    status.availableReplicas === desired &&
    (status.observedGeneration ?? 0) >= (d.metadata.generation ?? 0)
  );
}

/** Any sign of progress since the last status: more updated, fewer old, more ready or available. */
export function deploymentProgressing(d: Deployment, next: DeploymentStatus): boolean {
  const old = d.status ?? {};
  const oldOld = (old.replicas ?? 0) - (old.updatedReplicas ?? 0);
  const newOld = (next.replicas ?? 0) - (next.updatedReplicas ?? 0);
  return (
    (next.updatedReplicas ?? 0) > (old.updatedReplicas ?? 0) ||
    newOld < oldOld ||
    (next.readyReplicas ?? 0) > (old.readyReplicas ?? 0) ||
    (next.availableReplicas ?? 0) > (old.availableReplicas ?? 0)
  );
}

export function deploymentTimedOut(d: Deployment, next: DeploymentStatus, nowMs: number): boolean {
  if (!hasProgressDeadline(d)) return false;
  const condition = getCondition(next, 'Progressing');
  if (!condition || condition.reason === deploymentReasons.newReplicaSetAvailable) return false;
  if (condition.reason === deploymentReasons.progressDeadlineExceeded) return true;
  const from = parseTime(condition.lastUpdateTime) ?? nowMs;
  return from + (d.spec.progressDeadlineSeconds ?? 600) * 1000 < nowMs;
}

export interface RolloutStatus {
  readonly status: DeploymentStatus;
  /** When to look again for a stuck rollout's deadline, if it is still running. */
  readonly recheckAfterMs?: number;
}

/** syncRolloutStatus without the write: the status to store, and when to check the deadline. */
export function rolloutStatus(d: Deployment, all: readonly ReplicaSet[], newRS: ReplicaSet | undefined, nowMs: number): RolloutStatus {
  const next = calculateStatus(all, newRS, d, nowMs);
  if (!hasProgressDeadline(d)) removeCondition(next, 'Progressing');
  const current = getCondition(d.status, 'Progressing');
  const complete = next.replicas === next.updatedReplicas && current?.reason === deploymentReasons.newReplicaSetAvailable;
  if (hasProgressDeadline(d) && !complete) {
    const subject = newRS ? `ReplicaSet "${newRS.metadata.name ?? ''}"` : `Deployment "${d.metadata.name ?? ''}"`;
    if (deploymentComplete(d, next)) {
      setCondition(next, newCondition('Progressing', 'True', deploymentReasons.newReplicaSetAvailable, `${subject} has successfully progressed.`, nowMs));
    } else if (deploymentProgressing(d, next)) {
      // Progress refreshes lastUpdateTime even when the reason stays ReplicaSetUpdated, which
      // setCondition alone would not do: that time is what the progress deadline counts from.
      const condition = newCondition('Progressing', 'True', deploymentReasons.replicaSetUpdated, `${subject} is progressing.`, nowMs);
      if (current?.status === 'True' && current.lastTransitionTime) condition.lastTransitionTime = current.lastTransitionTime;
      removeCondition(next, 'Progressing');
      setCondition(next, condition);
    } else if (deploymentTimedOut(d, next, nowMs)) {
      setCondition(next, newCondition('Progressing', 'False', deploymentReasons.progressDeadlineExceeded, `${subject} has timed out progressing.`, nowMs));
    }
  }
  const failure = replicaFailure(all, newRS);
  if (failure) setCondition(next, failure);
  else removeCondition(next, 'ReplicaFailure');
  return { status: next, ...recheck(d, next, current, nowMs) };
}

// requeueStuckDeployment: without it a stuck rollout would learn of its deadline only on the
// next unrelated event.
function recheck(d: Deployment, next: DeploymentStatus, current: DeploymentCondition | undefined, nowMs: number): { recheckAfterMs?: number } {
  if (!hasProgressDeadline(d) || !current) return {};
  if (deploymentComplete(d, next) || current.reason === deploymentReasons.progressDeadlineExceeded) return {};
  const from = parseTime(current.lastUpdateTime) ?? nowMs;
  return { recheckAfterMs: Math.max(1000, from + (d.spec.progressDeadlineSeconds ?? 600) * 1000 - nowMs) };
}

/** A ReplicaSet's ReplicaFailure condition surfaces on its Deployment, the new ReplicaSet's first. */
function replicaFailure(all: readonly ReplicaSet[], newRS: ReplicaSet | undefined): DeploymentCondition | undefined {
  const ordered = newRS ? [newRS, ...all.filter((rs) => rs !== newRS)] : all;
  for (const rs of ordered) {
    const failed = rs.status?.conditions?.find((c) => c.type === 'ReplicaFailure' && c.status === 'True');
    if (!failed) continue;
    return {
      type: 'ReplicaFailure',
      status: 'True',
      ...(failed.lastTransitionTime ? { lastUpdateTime: failed.lastTransitionTime, lastTransitionTime: failed.lastTransitionTime } : {}),
      ...(failed.reason ? { reason: failed.reason } : {}),
      ...(failed.message ? { message: failed.message } : {}),
    };
  }
  return undefined;
}

/**
 * A StatefulSet's status from its Pods (computeReplicaStatus, completeUpdate): replicas counts
 * Pods that exist, ready those Running and Ready, available those ready for minReadySeconds;
 * current and updated count live Pods by revision. Once every replica is updated and ready,
 * the update revision becomes the current one (what `kubectl rollout status` waits for).
 */
import { isPodAvailable } from '../core/pod-conditions.ts';
import type { StatefulSet, StatefulSetStatus } from '../core/apps-types.ts';
import type { Pod } from '../core/workload-types.ts';
import { isRunningAndReady } from './stateful-set-plan.ts';
import { revisionOf } from './stateful-identity.ts';

export interface StatusInput {
  readonly set: StatefulSet;
  readonly pods: readonly Pod[];
  readonly currentRevision: string;
  readonly updateRevision: string;
  readonly collisionCount: number;
  /** Pods the sync just deleted for the update: no longer current. */
  readonly replacedForUpdate: number;
  readonly nowMs: number;
}

export function statefulSetStatus(input: StatusInput): StatefulSetStatus {
  const { set, pods, nowMs } = input;
  const minReady = set.spec.minReadySeconds ?? 0;
  const created = pods.filter((p) => (p.status?.phase ?? '') !== '');
  const ready = pods.filter(isRunningAndReady);
  const live = created.filter((p) => !p.metadata.deletionTimestamp);
  const status: StatefulSetStatus = {
    observedGeneration: set.metadata.generation ?? 0,
    replicas: created.length,
    readyReplicas: ready.length,
    currentReplicas: live.filter((p) => revisionOf(p) === input.currentRevision).length - input.replacedForUpdate,
    updatedReplicas: live.filter((p) => revisionOf(p) === input.updateRevision).length,
    availableReplicas: ready.filter((p) => isPodAvailable(p, minReady, nowMs)).length,
    currentRevision: input.currentRevision,
    updateRevision: input.updateRevision,
    collisionCount: input.collisionCount,
    ...(set.status?.conditions?.length ? { conditions: set.status.conditions } : {}),
  };
  const desired = set.spec.replicas ?? 1;
  if (status.updatedReplicas === desired && status.readyReplicas === desired && status.replicas === desired) {
    status.currentReplicas = status.updatedReplicas;
    status.currentRevision = status.updateRevision;
  }
  return status;
}

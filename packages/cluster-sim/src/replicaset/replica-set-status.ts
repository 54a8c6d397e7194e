/** A ReplicaSet's status from the Pods it owns (kube's replica_set_utils.go calculateStatus). */
import { formatTime, LabelSelector } from '@dojo/kube-api';
import { isPodAvailable, isPodReady } from '../core/pod-conditions.ts';
import type { Pod, ReplicaSet, ReplicaSetStatus } from '../core/workload-types.ts';

export function calculateReplicaSetStatus(rs: ReplicaSet, pods: readonly Pod[], manageError: unknown, nowMs: number): ReplicaSetStatus {
  // Fully labeled: carries every template label, not only the ones the selector asks for.
  const templateLabels = LabelSelector.fromObject({ matchLabels: rs.spec.template.metadata?.labels ?? {} });
  const minReadySeconds = rs.spec.minReadySeconds ?? 0;
  const status: ReplicaSetStatus = {
    replicas: pods.length,
    fullyLabeledReplicas: pods.filter((p) => templateLabels.matches(p.metadata.labels)).length,
    readyReplicas: pods.filter(isPodReady).length,
    availableReplicas: pods.filter((p) => isPodAvailable(p, minReadySeconds, nowMs)).length,
    observedGeneration: rs.metadata.generation ?? 0,
  };
  const conditions = (rs.status?.conditions ?? []).filter((c) => c.type !== 'ReplicaFailure');
  const failure = rs.status?.conditions?.find((c) => c.type === 'ReplicaFailure');
  if (manageError !== undefined && manageError !== null) {
    const diff = pods.length - (rs.spec.replicas ?? 1);
    const reason = diff < 0 ? 'FailedCreate' : diff > 0 ? 'FailedDelete' : '';
    conditions.push(
      failure ?? {
        type: 'ReplicaFailure',
        status: 'True',
        lastTransitionTime: formatTime(nowMs),
        reason,
        message: manageError instanceof Error ? manageError.message : String(manageError),
      },
    );
  }
  if (conditions.length > 0) status.conditions = conditions;
  return status;
}

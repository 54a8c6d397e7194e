/**
 * A Dojo's status computed from what the cluster shows, with the seed's condition rules:
 *
 * - Available=True iff at least one replica is available.
 * - Degraded=True on an unrecoverable error, and then Progressing=False: the two are mutually
 *   exclusive (the seed's setUnrecoverableErrorStatus / setProgressStatus pair).
 * - Progressing=True while moving toward the desired state (waiting for credentials, creating
 *   the Deployment, rolling out or scaling); False once there, or when blocked.
 * - Available may be True together with either of them.
 *
 * Pure: the planner calls it, the reconciler writes what it returns.
 */
import { formatTime } from '@dojo/kube-api';
import type { KubeObject } from '@dojo/kube-api';
import type { CnpgDatabase } from '../api/cnpg.ts';
import type { DiscordChannel } from '../api/discord-resources.ts';
import type { Dojo, DojoConditionType, DojoStatus, SecretReference } from '../api/dojo.ts';
import type { Deployment, Pod } from '../api/workloads.ts';
import { withConditions, type DesiredCondition } from '../status-conditions.ts';
import { nextAlarms } from './dojo-alarms.ts';
import { desiredReplicas, selectorStringFor } from './dojo-deployment.ts';
import { podFailure } from './pod-failures.ts';

/** What one reconcile read from the caches. */
export interface DojoObservation {
  database?: CnpgDatabase;
  credentialsSecret?: KubeObject;
  deployment?: Deployment;
  pods: readonly Pod[];
  alarmChannel?: DiscordChannel;
}

export interface Problem {
  reason: string;
  message: string;
}

/** How far the planner got: what blocks the Dojo, what it waits for, which credentials it uses. */
export interface DojoStage {
  failure?: Problem;
  waiting?: Problem;
  credentials?: SecretReference;
}

export function desiredStatus(dojo: Dojo, observed: DojoObservation, stage: DojoStage, now: number): DojoStatus {
  const generation = dojo.metadata.generation;
  const desired = desiredReplicas(dojo);
  const counts = observed.deployment?.status ?? {};
  const replicas = counts.replicas ?? 0;
  const ready = counts.readyReplicas ?? 0;
  const updated = counts.updatedReplicas ?? 0;
  const available = counts.availableReplicas ?? 0;
  const failure = stage.failure ?? (observed.deployment ? podFailure(observed.pods) : undefined);

  const conditions: DesiredCondition<DojoConditionType>[] = [
    availableCondition(available, desired),
    progressingCondition(failure, stage.waiting, observed.deployment, desired, { replicas, ready, updated, available }),
    failure
      ? { type: 'Degraded', status: 'True', reason: failure.reason, message: failure.message }
      : { type: 'Degraded', status: 'False', reason: 'AsExpected', message: 'No unrecoverable errors' },
  ];
  const time = formatTime(now);
  const next: DojoStatus = {
    ...(generation === undefined ? {} : { observedGeneration: generation }),
    conditions: withConditions(dojo.status?.conditions, conditions, generation, time),
    ...(stage.credentials ? { credentials: stage.credentials } : {}),
    replicas,
    readyReplicas: ready,
    updatedReplicas: updated,
    availableReplicas: available,
    readyStatus: `${ready}/${desired}`,
    selector: selectorStringFor(dojo),
  };
  const alarms = nextAlarms(dojo, next.conditions ?? [], time);
  return alarms ? { ...next, alarms } : next;
}

function availableCondition(available: number, desired: number): DesiredCondition<DojoConditionType> {
  if (available >= 1) return { type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable', message: `${available}/${desired} replicas available` };
  if (desired === 0) return { type: 'Available', status: 'False', reason: 'ScaledToZero', message: 'The Dojo is scaled to 0 replicas' };
  return { type: 'Available', status: 'False', reason: 'NoReplicasAvailable', message: `0/${desired} replicas available` };
}

function progressingCondition(
  failure: Problem | undefined,
  waiting: Problem | undefined,
  deployment: Deployment | undefined,
  desired: number,
  n: { replicas: number; ready: number; updated: number; available: number },
): DesiredCondition<DojoConditionType> {
  if (failure) return { type: 'Progressing', status: 'False', reason: failure.reason, message: `Blocked until fixed: ${failure.message}` };
  if (waiting) return { type: 'Progressing', status: 'True', reason: waiting.reason, message: waiting.message };
  if (!deployment) return { type: 'Progressing', status: 'True', reason: 'CreatingDeployment', message: 'Creating the Deployment' };
  const deploymentGeneration = deployment.metadata.generation ?? 0;
  const seen = (deployment.status?.observedGeneration ?? 0) >= deploymentGeneration;
  const done = seen && n.replicas === desired && n.updated >= desired && n.ready >= desired && n.available >= desired;
  if (done) return { type: 'Progressing', status: 'False', reason: 'Reconciled', message: `All ${desired} replicas are ready and up to date` };
  const verb = n.replicas < desired ? 'Scaling up' : n.replicas > desired ? 'Scaling down' : 'Rolling out';
  return {
    type: 'Progressing',
    status: 'True',
    reason: 'RollingOut',
    message: `${verb}: ${n.ready}/${desired} ready, ${n.updated} updated, ${n.available} available`,
  };
}

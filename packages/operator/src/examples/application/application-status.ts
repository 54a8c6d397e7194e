/**
 * An Application's status, mirrored from its Deployment with the Dojo's condition rules in a
 * simpler form:
 *
 * - Available=True iff at least one replica is available.
 * - Degraded=True on an unrecoverable problem (the API server refused an owned object, or an
 *   object of the same name belongs to someone else), and then Progressing=False: the two are
 *   mutually exclusive.
 * - Progressing=True while the Deployment has not caught up with the spec; False once it has.
 *
 * Pure: the planner calls it, the reconciler writes what it returns.
 */
import { formatTime } from '@dojo/kube-api';
import type { Deployment } from '../../api/workloads.ts';
import { withConditions, type DesiredCondition } from '../../status-conditions.ts';
import type { Application, ApplicationConditionType, ApplicationStatus } from './application.ts';
import { desiredReplicas } from './application-workload.ts';

export interface Problem {
  reason: string;
  message: string;
}

type Desired = DesiredCondition<ApplicationConditionType>;

export function desiredApplicationStatus(app: Application, deployment: Deployment | undefined, failure: Problem | undefined, now: number): ApplicationStatus {
  const generation = app.metadata.generation;
  const desired = desiredReplicas(app);
  const available = deployment?.status?.availableReplicas ?? 0;
  const conditions: Desired[] = [
    availableCondition(available, desired),
    progressingCondition(deployment, desired, failure),
    failure
      ? { type: 'Degraded', status: 'True', reason: failure.reason, message: failure.message }
      : { type: 'Degraded', status: 'False', reason: 'AsExpected', message: 'No unrecoverable errors' },
  ];
  return {
    ...(generation === undefined ? {} : { observedGeneration: generation }),
    readyReplicas: deployment?.status?.readyReplicas ?? 0,
    conditions: withConditions(app.status?.conditions, conditions, generation, formatTime(now)),
  };
}

function availableCondition(available: number, desired: number): Desired {
  if (available >= 1) return { type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable', message: `${available}/${desired} replicas available` };
  if (desired === 0) return { type: 'Available', status: 'False', reason: 'ScaledToZero', message: 'The Application is scaled to 0 replicas' };
  return { type: 'Available', status: 'False', reason: 'NoReplicasAvailable', message: `0/${desired} replicas available` };
}

function progressingCondition(deployment: Deployment | undefined, desired: number, failure: Problem | undefined): Desired {
  if (failure) return { type: 'Progressing', status: 'False', reason: failure.reason, message: `Blocked until fixed: ${failure.message}` };
  if (!deployment) return { type: 'Progressing', status: 'True', reason: 'CreatingDeployment', message: 'Creating the Deployment' };
  const s = deployment.status ?? {};
  const seen = (s.observedGeneration ?? 0) >= (deployment.metadata.generation ?? 0);
  const ready = s.readyReplicas ?? 0;
  const done = seen && (s.replicas ?? 0) === desired && (s.updatedReplicas ?? 0) >= desired && ready >= desired && (s.availableReplicas ?? 0) >= desired;
  if (done) return { type: 'Progressing', status: 'False', reason: 'Reconciled', message: `All ${desired} replicas are ready and up to date` };
  return { type: 'Progressing', status: 'True', reason: 'RollingOut', message: `${ready}/${desired} replicas ready` };
}

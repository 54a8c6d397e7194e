/**
 * What one Dojo reconcile does, decided from the Dojo and what the caches show: at most ONE
 * write (the seed's golden rule), chosen in dependency order. Its watch event brings the next
 * pass, which picks the next write; a Dojo converges over several short passes.
 *
 *   1. spec problems (Mongo, credentials in another namespace, a name too long for a label),
 *      or a cluster without CloudNativePG -> status only (Degraded)
 *   2. the CloudNativePG Database: create, or set its owned fields back
 *   3. the credentials Secret missing -> status (Progressing/WaitingForCredentials), requeueAfter
 *   4. status.credentials not recorded yet -> status (the Deployment is built from it)
 *   5. the Deployment: create, or set its owned fields back
 *   6. status: replicas mirrored, conditions, alarms raised on transitions
 *   7. the oldest Pending alarm, once the channel is Ready -> post, then status (mark Sent)
 *
 * Pure, so the rules are tested without a cluster; DojoReconciler carries the plan out.
 */
import { isControlledBy, jsonEqual } from '@dojo/kube-api';
import type { Dojo, DojoAlarm, DojoStatus, SecretReference } from '../api/dojo.ts';
import type { CnpgDatabase } from '../api/cnpg.ts';
import type { Deployment } from '../api/workloads.ts';
import { conditionStatus } from '../status-conditions.ts';
import { pendingAlarm } from './dojo-alarms.ts';
import { desiredDatabase, updatedDatabase } from './dojo-database.ts';
import { desiredDeployment, nameLabelProblems, updatedDeployment } from './dojo-deployment.ts';
import { desiredStatus, type DojoObservation, type DojoStage, type Problem } from './dojo-status.ts';

export interface DojoPlanOptions {
  defaultImage: string;
  postgresCluster: string;
  /** How soon to look again while the credentials Secret does not exist yet. */
  credentialsRetryMs: number;
  /** How long Discord is trusted to remember an alarm's nonce (see dojo-alarms.ts). */
  alarmNonceWindowMs: number;
  /** False when the cluster does not serve CloudNativePG's Database kind (not installed). */
  databaseServed?: boolean;
}

export type DojoAction =
  | { type: 'create'; kind: 'Database'; object: CnpgDatabase }
  | { type: 'create'; kind: 'Deployment'; object: Deployment }
  | { type: 'update'; kind: 'Database'; object: CnpgDatabase }
  | { type: 'update'; kind: 'Deployment'; object: Deployment }
  | { type: 'status'; status: DojoStatus }
  | { type: 'alarm'; alarm: DojoAlarm; channelId: string; lookBack: boolean }
  | { type: 'none' };

export interface DojoPlan {
  action: DojoAction;
  requeueAfterMs?: number;
}

export function planDojo(dojo: Dojo, observed: DojoObservation, options: DojoPlanOptions, now: number): DojoPlan {
  const recorded = dojo.status?.credentials;
  const problem = specProblem(dojo) ?? clusterProblem(options);
  if (problem) return settle(dojo, observed, { failure: problem, ...(recorded ? { credentials: recorded } : {}) }, options, now);

  const database = desiredDatabase(dojo, options.postgresCluster);
  if (!observed.database) return { action: { type: 'create', kind: 'Database', object: database } };
  if (!isControlledBy(observed.database, dojo)) {
    const failure = { reason: 'DatabaseConflict', message: `Database ${database.metadata.name} exists and is not controlled by this Dojo` };
    return settle(dojo, observed, { failure, ...(recorded ? { credentials: recorded } : {}) }, options, now);
  }
  const databaseUpdate = updatedDatabase(observed.database, database);
  if (databaseUpdate) return { action: { type: 'update', kind: 'Database', object: databaseUpdate } };

  const credentials: SecretReference = { name: dojo.spec.credentialsRef.name, namespace: dojo.metadata.namespace! };
  if (!observed.credentialsSecret) {
    const waiting = {
      reason: 'WaitingForCredentials',
      message: `Waiting for CloudNativePG to create Secret ${credentials.namespace}/${credentials.name} for the owner of Database ${database.metadata.name}`,
    };
    return settle(dojo, observed, { waiting }, options, now, options.credentialsRetryMs);
  }
  if (!jsonEqual(recorded, credentials)) return settle(dojo, observed, { credentials }, options, now);

  const deployment = desiredDeployment(dojo, credentials, options.defaultImage);
  if (!observed.deployment) return { action: { type: 'create', kind: 'Deployment', object: deployment } };
  if (!isControlledBy(observed.deployment, dojo)) {
    const failure = { reason: 'DeploymentConflict', message: `Deployment ${deployment.metadata.name} exists and is not controlled by this Dojo` };
    return settle(dojo, observed, { failure, credentials }, options, now);
  }
  const deploymentUpdate = updatedDeployment(observed.deployment, deployment);
  if (deploymentUpdate) return { action: { type: 'update', kind: 'Deployment', object: deploymentUpdate } };

  return settle(dojo, observed, { credentials }, options, now);
}

/** Errors no retry can fix: the user has to change the spec. */
function specProblem(dojo: Dojo): Problem | undefined {
  if (dojo.spec.database === 'Mongo') {
    return { reason: 'UnsupportedDatabase', message: 'Mongo is not supported yet; set spec.database to Postgres' };
  }
  const nameProblems = nameLabelProblems(dojo);
  if (nameProblems.length > 0) {
    return {
      reason: 'InvalidName',
      message: `The Dojo's name labels its Database, Deployment and Pods, so it must be a valid label value: ${nameProblems.join('; ')}`,
    };
  }
  const namespace = dojo.spec.credentialsRef.namespace;
  if (namespace && namespace !== dojo.metadata.namespace) {
    return {
      reason: 'CredentialsNamespaceMismatch',
      message: `spec.credentialsRef.namespace is ${namespace}, but Pods can only take env from Secrets in their own namespace (${dojo.metadata.namespace})`,
    };
  }
  return undefined;
}

/** What the cluster lacks that no spec change can fix: an operator the Dojo depends on. */
function clusterProblem(options: DojoPlanOptions): Problem | undefined {
  if (options.databaseServed !== false) return undefined;
  return {
    reason: 'CloudNativePGNotInstalled',
    message: 'The cluster does not serve postgresql.cnpg.io/v1 Database: install CloudNativePG (1.25 or later), then restart the operator',
  };
}

/** Steps 6 and 7: the status write if anything changed, else the next alarm to post. */
function settle(dojo: Dojo, observed: DojoObservation, stage: DojoStage, options: DojoPlanOptions, now: number, requeueAfterMs?: number): DojoPlan {
  const requeue = requeueAfterMs ? { requeueAfterMs } : {};
  const status = desiredStatus(dojo, observed, stage, now);
  if (!jsonEqual(status, dojo.status ?? {})) return { action: { type: 'status', status }, ...requeue };
  const alarm = pendingAlarm(dojo.status);
  const channel = observed.alarmChannel;
  const channelId = channel?.status?.id;
  // A channel that is not Ready yet: its watch event brings this Dojo back (no polling).
  if (alarm && channelId && conditionStatus(channel.status?.conditions, 'Ready') === 'True') {
    const lookBack = now - Date.parse(alarm.raisedAt) > options.alarmNonceWindowMs;
    return { action: { type: 'alarm', alarm, channelId, lookBack }, ...requeue };
  }
  return { action: { type: 'none' }, ...requeue };
}

/**
 * The built-in workloads, read as kstatus reads them (sigs.k8s.io/cli-utils/pkg/kstatus):
 * their replica counts say how far a rollout got, and a few conditions mean failure
 * (ProgressDeadlineExceeded, ReplicaFailure, a Job's Failed). Their Progressing=True is the
 * normal rest of a finished rollout, so it says nothing by itself.
 */
import type { KubeObject } from '@dojo/kube-api';
import { conditionFindings, conditionsOf } from './conditions.ts';
import { facts, ranks, timeOf, type Finding } from './finding.ts';

type Counts = Record<string, number | undefined>;

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const specOf = (o: KubeObject) => (o.spec ?? {}) as Record<string, unknown>;
const statusOf = (o: KubeObject) => (o.status ?? {}) as Record<string, unknown>;

function rollout(title: string, counts: Counts): Finding {
  return { code: 'rollout', severity: 'progressing', rank: ranks.progress, title, evidence: facts(counts), tab: 'overview' };
}

/**
 * kube-controller-manager's workload controllers write a status, observedGeneration first, on
 * their first sync of an object (deployment/sync.go calculateStatus and its siblings): a status
 * still empty means none has synced it, and its replica counts mean nothing. On a real cluster
 * without a running kube-controller-manager that lasts: no ReplicaSet, no Pod is ever made.
 */
function unsynced(o: KubeObject, controller: string, makes: string): Finding | undefined {
  if (Object.keys(statusOf(o)).length > 0) return undefined;
  const since = timeOf(o.metadata.creationTimestamp);
  return {
    code: 'workload/unsynced',
    severity: 'progressing',
    rank: ranks.staleSpec,
    title: `Not synced by the ${controller} controller yet (its status is empty)`,
    detail: `kube-controller-manager's ${controller} controller writes the status on its first sync and makes ${makes}; if this lasts, it is not running or cannot reach the API server`,
    ...(since === undefined ? {} : { since }),
    evidence: facts({ generation: o.metadata.generation, desired: num(specOf(o).replicas) }),
    tab: 'overview',
  };
}

/** Conditions other than Progressing=True, which every finished Deployment carries. */
const quietProgress = { progressTrueBlocks: false } as const;

export function deploymentFindings(d: KubeObject): Finding[] {
  const notSynced = unsynced(d, 'deployment', 'its ReplicaSet, whose Pods');
  if (notSynced) return [notSynced];
  const findings = conditionFindings(d, quietProgress);
  const desired = num(specOf(d).replicas) ?? 1;
  const s = statusOf(d);
  const replicas = num(s.replicas) ?? 0;
  const updated = num(s.updatedReplicas) ?? 0;
  const ready = num(s.readyReplicas) ?? 0;
  const available = num(s.availableReplicas) ?? 0;
  const counts = { desired, updated, ready, available, 'old replicas': replicas > updated ? replicas - updated : undefined };
  if (specOf(d).paused === true)
    findings.push({
      code: 'rollout/paused',
      severity: 'blocked',
      rank: ranks.progress,
      title: 'Rollout is paused (spec.paused)',
      evidence: facts(counts),
      tab: 'yaml',
    });
  if (updated < desired) findings.push(rollout(`Rollout: ${updated} of ${desired} replicas updated`, counts));
  else if (replicas > updated) findings.push(rollout(`Rollout: ${replicas - updated} old replicas pending termination`, counts));
  else if (available < updated || ready < desired) findings.push(rollout(`Rollout: ${available} of ${desired} replicas available, ${ready} ready`, counts));
  return findings;
}

export function replicaSetFindings(rs: KubeObject): Finding[] {
  const notSynced = unsynced(rs, 'replicaset', 'its Pods');
  if (notSynced) return [notSynced];
  const findings = conditionFindings(rs, quietProgress);
  const desired = num(specOf(rs).replicas) ?? 1;
  const s = statusOf(rs);
  const counts = { desired, created: num(s.replicas) ?? 0, ready: num(s.readyReplicas) ?? 0, available: num(s.availableReplicas) ?? 0 };
  if (counts.created < desired) findings.push(rollout(`${counts.created} of ${desired} Pods created`, counts));
  else if (counts.ready < desired) findings.push(rollout(`${counts.ready} of ${desired} Pods ready`, counts));
  else if (counts.available < desired) findings.push(rollout(`${counts.available} of ${desired} Pods available`, counts));
  return findings;
}

export function statefulSetFindings(sts: KubeObject): Finding[] {
  const notSynced = unsynced(sts, 'statefulset', 'its Pods');
  if (notSynced) return [notSynced];
  const findings = conditionFindings(sts, quietProgress);
  const desired = num(specOf(sts).replicas) ?? 1;
  const s = statusOf(sts);
  const counts = { desired, ready: num(s.readyReplicas) ?? 0, current: num(s.currentReplicas), updated: num(s.updatedReplicas) };
  if (counts.ready < desired) findings.push(rollout(`${counts.ready} of ${desired} replicas ready`, counts));
  else if (s.updateRevision !== undefined && s.currentRevision !== s.updateRevision)
    findings.push(rollout(`Rolling out revision ${String(s.updateRevision)}`, counts));
  return findings;
}

export function daemonSetFindings(ds: KubeObject): Finding[] {
  const notSynced = unsynced(ds, 'daemonset', 'its Pods');
  if (notSynced) return [notSynced];
  const findings = conditionFindings(ds, quietProgress);
  const s = statusOf(ds);
  const desired = num(s.desiredNumberScheduled) ?? 0;
  const counts = { desired, updated: num(s.updatedNumberScheduled) ?? 0, ready: num(s.numberReady) ?? 0, available: num(s.numberAvailable) ?? 0 };
  if (counts.updated < desired) findings.push(rollout(`${counts.updated} of ${desired} nodes updated`, counts));
  else if (counts.available < desired) findings.push(rollout(`${counts.available} of ${desired} nodes available`, counts));
  return findings;
}

export function jobFindings(job: KubeObject): Finding[] {
  const conditions = conditionsOf(job);
  const isTrue = (type: string) => conditions.find((c) => c.type === type && c.status === 'True');
  const failed = isTrue('Failed');
  if (failed)
    return [
      {
        code: 'condition/Failed',
        severity: 'failed',
        rank: ranks.failed,
        title: `Job failed${failed.reason ? `: ${failed.reason}` : ''}`,
        ...(failed.message ? { detail: failed.message } : {}),
        evidence: [],
        tab: 'overview',
      },
    ];
  if (isTrue('Complete')) return [];
  if (specOf(job).suspend === true)
    return [{ code: 'job/suspended', severity: 'blocked', rank: ranks.progress, title: 'Job is suspended (spec.suspend)', evidence: [], tab: 'yaml' }];
  const s = statusOf(job);
  const counts = { completions: num(specOf(job).completions) ?? 1, succeeded: num(s.succeeded) ?? 0, active: num(s.active) ?? 0, failed: num(s.failed) };
  return [rollout(`Job running: ${counts.succeeded} of ${counts.completions} completions`, counts)];
}

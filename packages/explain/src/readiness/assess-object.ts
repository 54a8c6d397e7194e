/**
 * One object's readiness from the object alone, for any kind, with no per-kind configuration:
 * the built-in workloads and Pods by their own rules (workloads.ts, pods.ts), everything else
 * by its conditions (conditions.ts); for every kind, a status older than the spec and a
 * deletion in progress. The verdict follows kstatus: Terminating, else Failed when anything
 * failed, else InProgress when anything blocks or progresses, else Current ("ready") — an
 * object with no status to read (a ConfigMap) is ready.
 */
import type { Readiness } from '@dojo/console-protocol';
import type { KubeObject } from '@dojo/kube-api';
import { conditionFindings, conditionsOf } from './conditions.ts';
import { facts, ranks, timeOf, type Finding } from './finding.ts';
import { podFindings } from './pods.ts';
import { daemonSetFindings, deploymentFindings, jobFindings, replicaSetFindings, statefulSetFindings } from './workloads.ts';

export interface Assessment {
  readonly readiness: Readiness;
  /** Ranked, first the one to look at first. */
  readonly findings: readonly Finding[];
}

interface Kind {
  readonly group: string;
  readonly kind: string;
}

const byKind: Readonly<Record<string, (object: KubeObject) => Finding[]>> = {
  '/Pod': podFindings,
  'apps/Deployment': deploymentFindings,
  'apps/ReplicaSet': replicaSetFindings,
  'apps/StatefulSet': statefulSetFindings,
  'apps/DaemonSet': daemonSetFindings,
  'batch/Job': jobFindings,
  '/PersistentVolumeClaim': claimFindings,
};

/** Codes of the findings every kind gets, which the explainer's own sources say better for the object explained. */
export const staleStatusCode = 'observed-generation';
export const deletionCode = 'deletion';

export function assessObject(type: Kind, object: KubeObject): Assessment {
  const rules = byKind[`${type.group}/${type.kind}`] ?? ((o: KubeObject) => conditionFindings(o));
  const findings = [...deletionFindings(object), ...staleStatusFindings(object), ...rules(object)];
  return { readiness: verdict(object, findings), findings: rankFindings(findings) };
}

export function verdict(object: KubeObject, findings: readonly { readonly severity: string }[]): Readiness {
  if (object.metadata.deletionTimestamp) return 'terminating';
  if (findings.some((f) => f.severity === 'failed')) return 'failed';
  if (findings.some((f) => f.severity === 'blocked' || f.severity === 'progressing')) return 'in-progress';
  return 'ready';
}

const severityOrder = { failed: 0, blocked: 1, progressing: 2, info: 3 } as const;

export function rankFindings<F extends Pick<Finding, 'rank' | 'severity'>>(findings: readonly F[]): F[] {
  return [...findings].sort((a, b) => a.rank - b.rank || severityOrder[a.severity] - severityOrder[b.severity]);
}

/**
 * The status says which generation it was computed for: `status.observedGeneration`, or, when
 * the status has none, the oldest of its conditions' `observedGeneration`.
 */
export function observedGenerationOf(object: KubeObject): number | undefined {
  const observed = (object.status as { observedGeneration?: unknown } | undefined)?.observedGeneration;
  if (typeof observed === 'number') return observed;
  const byConditions = conditionsOf(object)
    .map((c) => c.observedGeneration)
    .filter((g): g is number => typeof g === 'number');
  return byConditions.length > 0 ? Math.min(...byConditions) : undefined;
}

function staleStatusFindings(object: KubeObject): Finding[] {
  const generation = object.metadata.generation;
  const observed = observedGenerationOf(object);
  if (generation === undefined || observed === undefined || observed >= generation) return [];
  return [
    {
      code: staleStatusCode,
      severity: 'progressing',
      rank: ranks.staleSpec,
      title: `Its controller has not observed generation ${generation} yet (status is for ${observed})`,
      evidence: facts({ generation, observedGeneration: observed }),
      tab: 'versions',
    },
  ];
}

function deletionFindings(object: KubeObject): Finding[] {
  const requested = object.metadata.deletionTimestamp;
  const finalizers = object.metadata.finalizers ?? [];
  if (!requested || finalizers.length === 0) return [];
  const since = timeOf(requested);
  return [
    {
      code: deletionCode,
      severity: 'blocked',
      rank: ranks.deletion,
      title: `Deletion waits for ${finalizers.length === 1 ? 'finalizer' : 'finalizers'} ${finalizers.join(', ')}`,
      ...(since === undefined ? {} : { since }),
      evidence: finalizers.map((f) => ({ label: 'finalizer', value: f })),
      tab: 'yaml',
    },
  ];
}

function claimFindings(claim: KubeObject): Finding[] {
  const phase = (claim.status as { phase?: string } | undefined)?.phase;
  if (phase === 'Bound') return conditionFindings(claim);
  return [
    {
      code: 'claim/phase',
      severity: phase === 'Lost' ? 'failed' : 'progressing',
      rank: phase === 'Lost' ? ranks.failed : ranks.progress,
      title: `Claim is ${phase ?? 'not bound yet'}`,
      evidence: [],
      tab: 'events',
    },
  ];
}

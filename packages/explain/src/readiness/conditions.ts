/**
 * Status conditions read the way kstatus and the API conventions read them, for any kind:
 *
 * - normal-true (Ready, Available, Established, and any type not named below): False or
 *   Unknown means not ready — the symptom a person sees first;
 * - abnormal-true (Degraded, Stalled, Failed, ReplicaFailure, the node pressures): True means
 *   something failed and needs a person;
 * - progress (Progressing, Reconciling): True says what the object is doing on its way; False
 *   is the normal rest, except ProgressDeadlineExceeded, which is a failure.
 *
 * A condition computed for an older generation than the object's is said so in its evidence.
 */
import type { Condition, KubeObject } from '@dojo/kube-api';
import { facts, ranks, timeOf, type Finding } from './finding.ts';

export type ConditionPolarity = 'normal-true' | 'abnormal-true' | 'progress';

const abnormalTrue = new Set([
  'Degraded',
  'Stalled',
  'Failed',
  'Failure',
  'ReplicaFailure',
  'Error',
  'MemoryPressure',
  'DiskPressure',
  'PIDPressure',
  'NetworkUnavailable',
]);
const progress = new Set(['Progressing', 'Reconciling']);
/** Progress=False reasons that mean it gave up (Deployments' progress deadline). */
const failedProgressReasons = new Set(['ProgressDeadlineExceeded']);

export function polarityOf(type: string): ConditionPolarity {
  if (abnormalTrue.has(type)) return 'abnormal-true';
  if (progress.has(type)) return 'progress';
  return 'normal-true';
}

/** The well-formed conditions of `status.conditions` (anything else there is ignored). */
export function conditionsOf(object: KubeObject): Condition[] {
  const list = (object.status as { conditions?: unknown } | undefined)?.conditions;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (c): c is Condition => typeof c === 'object' && c !== null && typeof (c as Condition).type === 'string' && typeof (c as Condition).status === 'string',
  );
}

export interface ConditionRuleOptions {
  /** Types a kind-specific rule already covers. */
  readonly skip?: ReadonlySet<string>;
  /** Whether progress=True says anything (false for kinds whose Progressing stays True when done). */
  readonly progressTrueBlocks?: boolean;
}

export function conditionFindings(object: KubeObject, options: ConditionRuleOptions = {}): Finding[] {
  const generation = object.metadata.generation;
  const findings: Finding[] = [];
  for (const condition of conditionsOf(object)) {
    if (options.skip?.has(condition.type)) continue;
    const finding = conditionFinding(condition, generation, options.progressTrueBlocks ?? true);
    if (finding) findings.push(finding);
  }
  return findings;
}

function conditionFinding(c: Condition, generation: number | undefined, progressTrueBlocks: boolean): Finding | undefined {
  const polarity = polarityOf(c.type);
  const base = {
    code: `condition/${c.type}`,
    detail: c.message || undefined,
    since: timeOf(c.lastTransitionTime),
    evidence: facts({
      status: c.status,
      reason: c.reason,
      'computed for generation':
        c.observedGeneration !== undefined && generation !== undefined && c.observedGeneration < generation
          ? `${c.observedGeneration} (the object is at ${generation})`
          : undefined,
    }),
    tab: 'overview' as const,
  };
  const reason = c.reason ? `: ${c.reason}` : '';
  const clean = <T extends object>(f: T) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as T;
  if (polarity === 'abnormal-true') {
    if (c.status === 'True') return clean({ ...base, severity: 'failed' as const, rank: ranks.failed, title: `${c.type}${reason}` });
    if (c.status === 'Unknown') return clean({ ...base, severity: 'blocked' as const, rank: ranks.notReady, title: `${c.type} is Unknown${reason}` });
    return undefined;
  }
  if (polarity === 'progress') {
    if (c.status === 'False' && failedProgressReasons.has(c.reason))
      return clean({ ...base, severity: 'failed' as const, rank: ranks.failed, title: `${c.type} is False${reason}` });
    if (c.status === 'True' && progressTrueBlocks)
      return clean({ ...base, severity: 'progressing' as const, rank: ranks.progress, title: `${c.type}${reason}` });
    if (c.status === 'Unknown') return clean({ ...base, severity: 'progressing' as const, rank: ranks.progress, title: `${c.type} is Unknown${reason}` });
    return undefined;
  }
  if (c.status === 'True') return undefined;
  return clean({ ...base, severity: 'blocked' as const, rank: ranks.notReady, title: `${c.type} is ${c.status}${reason}` });
}

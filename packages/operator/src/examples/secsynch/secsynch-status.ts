/**
 * A SecSynch's status, written once nothing is left to copy, update or delete:
 *
 * - syncedNamespaces: the destinations whose copy equals the source, in spec order.
 * - lastSyncTime: the latest `synced-at` stamp among those copies; it never moves backwards.
 * - Ready=True iff every destination holds an up-to-date copy.
 * - Degraded=True while something only a person can fix blocks a destination (no source
 *   Secret, a missing namespace, someone else's Secret in the way), each reason in the message.
 *
 * Pure: the planner calls it, the reconciler writes what it returns.
 */
import { formatTime } from '@dojo/kube-api';
import { withConditions, type DesiredCondition } from '../../status-conditions.ts';
import { syncedAt, type Secret } from './secret-copy.ts';
import type { SecSynch, SecSynchConditionType, SecSynchStatus } from './secsynch.ts';

export interface Problem {
  reason: string;
  message: string;
}

type Desired = DesiredCondition<SecSynchConditionType>;

/** `synced`: the up-to-date copies, one per destination that has one, in spec order. */
export function desiredSecSynchStatus(secSynch: SecSynch, synced: readonly Secret[], problems: readonly Problem[], now: number): SecSynchStatus {
  const generation = secSynch.metadata.generation;
  const lastSyncTime = latestSync(secSynch.status?.lastSyncTime, synced);
  const conditions: Desired[] = [readyCondition(secSynch, synced, problems), degradedCondition(problems)];
  return {
    ...(generation === undefined ? {} : { observedGeneration: generation }),
    ...(lastSyncTime ? { lastSyncTime } : {}),
    syncedNamespaces: synced.map((copy) => copy.metadata.namespace!),
    conditions: withConditions(secSynch.status?.conditions, conditions, generation, formatTime(now)),
  };
}

function readyCondition(secSynch: SecSynch, synced: readonly Secret[], problems: readonly Problem[]): Desired {
  const { sourceNamespace, secretName, destinationNamespaces } = secSynch.spec;
  if (problems.length === 0 && synced.length === destinationNamespaces.length) {
    return {
      type: 'Ready',
      status: 'True',
      reason: 'Synced',
      message: `Secret ${sourceNamespace}/${secretName} is copied to ${destinationNamespaces.join(', ')}`,
    };
  }
  const reason = problems[0]?.reason ?? 'Syncing';
  return { type: 'Ready', status: 'False', reason, message: `${synced.length}/${destinationNamespaces.length} destination namespaces hold an up-to-date copy` };
}

function degradedCondition(problems: readonly Problem[]): Desired {
  const [first] = problems;
  if (!first) return { type: 'Degraded', status: 'False', reason: 'AsExpected', message: 'Nothing blocks a copy' };
  return { type: 'Degraded', status: 'True', reason: first.reason, message: problems.map((p) => p.message).join('; ') };
}

function latestSync(recorded: string | undefined, synced: readonly Secret[]): string | undefined {
  const stamps = [Date.parse(recorded ?? ''), ...synced.map(syncedAt)].filter((t): t is number => t !== undefined && !Number.isNaN(t));
  return stamps.length > 0 ? formatTime(Math.max(...stamps)) : undefined;
}

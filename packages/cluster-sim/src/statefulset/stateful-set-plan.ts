/**
 * What one StatefulSet sync does to its Pods (kube's stateful_set_control.go updateStatefulSet),
 * as a pure plan the reconciler carries out:
 *
 * - Ordinals in [start, start+replicas) are the set's replicas; Pods above are condemned.
 * - A replica in a terminal phase is deleted to be made again; a missing one is created from
 *   the current revision below the partition and from the update revision at or above it.
 * - OrderedReady ("monotonic") stops at the first step, and waits while a lower ordinal is
 *   not Running and Ready (and available for minReadySeconds) or still terminating: Pods come
 *   up 0, 1, 2 ... and go highest first. Parallel does every step at once.
 * - Scale-down only starts once every replica is healthy (OrderedReady), the first unhealthy
 *   Pod excepted, highest ordinal first.
 * - RollingUpdate then replaces Pods not at the update revision, from the highest ordinal down
 *   to the partition, no more unavailable at once than maxUnavailable (1 by default).
 *   OnDelete replaces nothing: a Pod picks up the new template when someone deletes it.
 */
import { isPodAvailable, isPodReady } from '../core/pod-conditions.ts';
import type { StatefulSet } from '../core/apps-types.ts';
import type { Pod } from '../core/workload-types.ts';
import { scaledValue } from '../deployment/rollout-math.ts';
import { ordinalOf, revisionOf, startOrdinal } from './stateful-identity.ts';

export type StatefulStep =
  | { readonly action: 'create'; readonly ordinal: number; readonly revision: 'current' | 'update' }
  | { readonly action: 'delete'; readonly pod: Pod; readonly why: 'terminal' | 'scale-down' | 'update' };

export interface StatefulPlanInput {
  readonly set: StatefulSet;
  /** The Pods the set controls (members by name). */
  readonly pods: readonly Pod[];
  readonly currentRevision: string;
  readonly updateRevision: string;
  readonly nowMs: number;
}

const isTerminating = (pod: Pod): boolean => Boolean(pod.metadata.deletionTimestamp);
const isTerminal = (pod: Pod): boolean => pod.status?.phase === 'Failed' || pod.status?.phase === 'Succeeded';
export const isRunningAndReady = (pod: Pod): boolean => pod.status?.phase === 'Running' && isPodReady(pod);

export function planStatefulSet(input: StatefulPlanInput): StatefulStep[] {
  const { set, nowMs } = input;
  const minReady = set.spec.minReadySeconds ?? 0;
  const available = (pod: Pod | undefined): boolean => pod !== undefined && isPodAvailable(pod, minReady, nowMs);
  const unavailable = (pod: Pod | undefined): boolean => !available(pod) || (pod !== undefined && isTerminating(pod));
  const monotonic = set.spec.podManagementPolicy !== 'Parallel';
  const replicaCount = set.spec.replicas ?? 1;
  const start = startOrdinal(set);
  const partition = set.spec.updateStrategy?.rollingUpdate?.partition ?? 0;
  const rolling = (set.spec.updateStrategy?.type ?? 'RollingUpdate') === 'RollingUpdate';

  const replicas: (Pod | undefined)[] = Array.from({ length: replicaCount });
  const condemned: Pod[] = [];
  for (const pod of input.pods) {
    const ordinal = ordinalOf(pod);
    if (ordinal >= start && ordinal < start + replicaCount) replicas[ordinal - start] = pod;
    else if (ordinal >= 0) condemned.push(pod);
  }
  condemned.sort((a, b) => ordinalOf(b) - ordinalOf(a));
  const firstUnhealthy = replicas.find(unavailable) ?? [...condemned].reverse().find(unavailable);

  const steps: StatefulStep[] = [];
  for (let i = 0; i < replicaCount; i++) {
    const pod = replicas[i];
    const ordinal = start + i;
    if (pod && isTerminal(pod)) {
      if (!isTerminating(pod)) steps.push({ action: 'delete', pod, why: 'terminal' });
      if (monotonic) return steps;
      continue;
    }
    if (!pod) {
      steps.push({ action: 'create', ordinal, revision: rolling && ordinal < partition ? 'current' : 'update' });
      if (monotonic) return steps;
      continue;
    }
    if (monotonic && (isTerminating(pod) || !isRunningAndReady(pod) || !available(pod))) return steps;
  }

  for (const pod of condemned) {
    if (isTerminating(pod)) {
      if (monotonic) return steps;
      continue;
    }
    if (monotonic && pod !== firstUnhealthy && (!isRunningAndReady(pod) || !available(pod))) return steps;
    steps.push({ action: 'delete', pod, why: 'scale-down' });
    if (monotonic) return steps;
  }

  if (!rolling) return steps;
  return [...steps, ...planRollingUpdate(input, replicas, unavailable)];
}

/** updateStatefulSetAfterInvariantEstablished (MaxUnavailableStatefulSet, on by default in 1.37). */
function planRollingUpdate(input: StatefulPlanInput, replicas: readonly (Pod | undefined)[], unavailable: (pod: Pod | undefined) => boolean): StatefulStep[] {
  const { set, updateRevision } = input;
  const partition = set.spec.updateStrategy?.rollingUpdate?.partition ?? 0;
  const maxUnavailable = Math.max(1, scaledValue(set.spec.updateStrategy?.rollingUpdate?.maxUnavailable ?? 1, replicas.length, true));
  const outdated = (pod: Pod | undefined): pod is Pod => pod !== undefined && revisionOf(pod) !== updateRevision && !isTerminating(pod);
  const unavailableCount = replicas.filter(unavailable).length;
  const parallel = set.spec.podManagementPolicy === 'Parallel';
  const unavailableOutdated = parallel ? replicas.filter((p) => unavailable(p) && outdated(p)).length : 0;
  if (unavailableCount >= maxUnavailable && unavailableOutdated === 0) return [];

  const steps: StatefulStep[] = [];
  const fromTop = (visit: (pod: Pod | undefined) => boolean): void => {
    for (let i = replicas.length - 1; i >= Math.max(partition, 0); i--) if (!visit(replicas[i])) return;
  };
  if (parallel) {
    // Already-unavailable outdated Pods go first: they cost no availability.
    fromTop((pod) => {
      if (outdated(pod) && unavailable(pod)) steps.push({ action: 'delete', pod, why: 'update' });
      return true;
    });
  }
  let budget = maxUnavailable - unavailableCount;
  fromTop((pod) => {
    if (budget <= 0) return false;
    // OrderedReady only gets here with every replica available; Parallel spends the budget on available ones.
    if (outdated(pod) && (!parallel || !unavailable(pod))) {
      steps.push({ action: 'delete', pod, why: 'update' });
      budget--;
    }
    return true;
  });
  return steps;
}

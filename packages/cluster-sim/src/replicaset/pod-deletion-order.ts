/**
 * Which Pods a ReplicaSet removes first when it scales down (kube's ActivePodsWithRanks): the
 * ones that cost least. Unscheduled before scheduled, Pending before Running, not ready before
 * ready, lower deletion cost first, ready for less time before longer, more restarts before
 * fewer, newer before older.
 */
import { isPodReady, podCondition } from '../core/pod-conditions.ts';
import type { Pod } from '../core/workload-types.ts';

const phaseOrder: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };
const deletionCostAnnotation = 'controller.kubernetes.io/pod-deletion-cost';

export function compareForDeletion(a: Pod, b: Pod): number {
  const aNode = a.spec.nodeName ?? '';
  const bNode = b.spec.nodeName ?? '';
  if (aNode !== bNode && (aNode === '' || bNode === '')) return aNode === '' ? -1 : 1;
  const phase = (phaseOrder[a.status?.phase ?? 'Pending'] ?? 0) - (phaseOrder[b.status?.phase ?? 'Pending'] ?? 0);
  if (phase !== 0) return phase;
  if (isPodReady(a) !== isPodReady(b)) return isPodReady(a) ? 1 : -1;
  const cost = deletionCost(a) - deletionCost(b);
  if (cost !== 0) return cost;
  if (isPodReady(a) && isPodReady(b)) {
    const readyA = podCondition(a, 'Ready')?.lastTransitionTime ?? '';
    const readyB = podCondition(b, 'Ready')?.lastTransitionTime ?? '';
    if (readyA !== readyB) return readyA > readyB ? -1 : 1;
  }
  const restarts = restartCount(b) - restartCount(a);
  if (restarts !== 0) return restarts;
  const createdA = a.metadata.creationTimestamp ?? '';
  const createdB = b.metadata.creationTimestamp ?? '';
  if (createdA !== createdB) return createdA > createdB ? -1 : 1;
  return 0;
}

/** The `count` Pods to delete first. */
export function podsToDelete(pods: readonly Pod[], count: number): Pod[] {
  return [...pods].sort(compareForDeletion).slice(0, count);
}

function deletionCost(pod: Pod): number {
  const cost = Number.parseInt(pod.metadata.annotations?.[deletionCostAnnotation] ?? '0', 10);
  return Number.isNaN(cost) ? 0 : cost;
}

function restartCount(pod: Pod): number {
  return (pod.status?.containerStatuses ?? []).reduce((max, s) => Math.max(max, s.restartCount), 0);
}

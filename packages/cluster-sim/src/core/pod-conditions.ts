/** podutil: whether a Pod counts as active, ready and available. */
import { parseTime } from '@dojo/kube-api';
import type { Pod, PodCondition } from './workload-types.ts';

export function podCondition(pod: Pod, type: string): PodCondition | undefined {
  return pod.status?.conditions?.find((c) => c.type === type);
}

export function isPodReady(pod: Pod): boolean {
  return podCondition(pod, 'Ready')?.status === 'True';
}

/** Ready for at least minReadySeconds (counted from the Ready condition's transition). */
export function isPodAvailable(pod: Pod, minReadySeconds: number, nowMs: number): boolean {
  if (!isPodReady(pod)) return false;
  if (minReadySeconds <= 0) return true;
  const readySince = parseTime(podCondition(pod, 'Ready')?.lastTransitionTime);
  return readySince !== undefined && readySince + minReadySeconds * 1000 <= nowMs;
}

/** FilterActivePods: not finished and not being deleted; the Pods a ReplicaSet counts. */
export function isPodActive(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed' && !pod.metadata.deletionTimestamp;
}

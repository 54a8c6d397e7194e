/**
 * A DaemonSet's status (updateDaemonSetStatus): per Node that should run it, whether a Pod is
 * scheduled there, and whether the oldest one is ready, available (minReadySeconds) and from
 * the current revision; Pods on Nodes that should not run it are misscheduled.
 */
import { isPodAvailable, isPodReady } from '../core/pod-conditions.ts';
import type { DaemonSet, DaemonSetStatus, Node } from '../core/apps-types.ts';
import type { Pod } from '../core/workload-types.ts';
import { isDaemonPodUpdated } from './daemon-pod.ts';
import { podsByNode } from './daemonset-plan.ts';
import { nodeShouldRunDaemonPod } from './node-fit.ts';

export function daemonSetStatus(
  ds: DaemonSet,
  nodes: readonly Node[],
  pods: readonly Pod[],
  hash: string,
  collisionCount: number,
  nowMs: number,
): DaemonSetStatus {
  const minReady = ds.spec.minReadySeconds ?? 0;
  const byNode = podsByNode(pods.filter((p) => !p.metadata.deletionTimestamp && p.status?.phase !== 'Failed' && p.status?.phase !== 'Succeeded'));
  let desired = 0;
  let scheduled = 0;
  let misscheduled = 0;
  let ready = 0;
  let available = 0;
  let updated = 0;
  for (const node of nodes) {
    const list = [...(byNode.get(node.metadata.name ?? '') ?? [])].sort((a, b) =>
      (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? ''),
    );
    if (!nodeShouldRunDaemonPod(node, ds).shouldRun) {
      if (list.length > 0) misscheduled++;
      continue;
    }
    desired++;
    const [oldest] = list;
    if (!oldest) continue;
    scheduled++;
    if (isPodReady(oldest)) {
      ready++;
      if (isPodAvailable(oldest, minReady, nowMs)) available++;
    }
    if (isDaemonPodUpdated(oldest, ds, hash)) updated++;
  }
  return {
    currentNumberScheduled: scheduled,
    numberMisscheduled: misscheduled,
    desiredNumberScheduled: desired,
    numberReady: ready,
    observedGeneration: ds.metadata.generation ?? 0,
    updatedNumberScheduled: updated,
    numberAvailable: available,
    numberUnavailable: desired - available,
    ...(collisionCount > 0 ? { collisionCount } : {}),
    ...(ds.status?.conditions?.length ? { conditions: ds.status.conditions } : {}),
  };
}

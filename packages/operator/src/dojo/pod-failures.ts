/**
 * Pods that will not get better by waiting: the container states a person has to fix (a
 * crashing binary, an image that cannot be pulled, config the kubelet cannot build). The Dojo
 * reports them as Degraded with the kubelet's own reason.
 */
import type { Pod } from '../api/workloads.ts';

export interface PodFailure {
  reason: string;
  message: string;
}

// ErrImagePull and ImagePullBackOff alternate on a real kubelet; both mean the same thing, and
// reporting either keeps Degraded from flapping between them.
const failingReasons = new Set(['CrashLoopBackOff', 'ImagePullBackOff', 'ErrImagePull', 'InvalidImageName', 'CreateContainerConfigError']);

/** The first failing container among the pods (not being deleted), or undefined. */
export function podFailure(pods: readonly Pod[]): PodFailure | undefined {
  const sorted = [...pods].sort((a, b) => (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''));
  for (const pod of sorted) {
    if (pod.metadata.deletionTimestamp) continue;
    for (const container of pod.status?.containerStatuses ?? []) {
      const waiting = container.state?.waiting;
      const reason = waiting?.reason;
      if (reason && failingReasons.has(reason)) {
        return { reason, message: `pod ${pod.metadata.name} container ${container.name}: ${waiting.message || reason}` };
      }
      // Between back-offs a crash-looping container runs for a moment: still a crash loop.
      if (!container.ready && (container.restartCount ?? 0) >= 3 && container.lastState?.terminated) {
        const exit = container.lastState.terminated;
        return {
          reason: 'CrashLoopBackOff',
          message: `pod ${pod.metadata.name} container ${container.name} restarted ${container.restartCount} times (last exit: ${exit.reason ?? exit.exitCode ?? 'unknown'})`,
        };
      }
    }
  }
  return undefined;
}

/**
 * What a simulated container writes to its log, so `kubectl logs` and the console's Logs tab
 * show something true to what happened: a start line per instance (image, restart count,
 * node), a line when it becomes ready and then a heartbeat every `logHeartbeatMs` while it
 * runs, and on the way out the reason: a simulated crash (image tag `crash` or `fail`, or the
 * failure rate), a Job's work done (exit 0), or SIGTERM when its Pod is deleted. A container
 * whose image cannot be pulled (tag `missing`) never starts, so it has no log: `kubectl logs`
 * answers with the kubelet's "is waiting to start: image can't be pulled".
 *
 * One log per container instance, keyed by the containerID its status carries, so
 * `kubectl logs --previous` after a crash reads the instance that crashed. The kubelet writes
 * through a ContainerLogSink: on the embedded cluster, the API server's log store (it answers
 * `pods/log`), as a real kubelet keeps its containers' logs for the API server to read.
 */
import type { ContainerLogWrite } from '@dojo/kube-api';
import type { Container, Pod } from '../core/workload-types.ts';
import { imageTag, type ContainerBehaviour } from './container-behaviour.ts';
import type { Transition } from './container-lifecycle.ts';
import { containerID } from './pod-status-builder.ts';

export type { ContainerLogWrite };

/** Where the simulated kubelet's containers' output goes. */
export interface ContainerLogSink {
  writeContainerLogs(writes: readonly ContainerLogWrite[]): void;
}

export const discardingLogSink: ContainerLogSink = { writeContainerLogs: () => {} };

const heartbeat = (container: string): string => `${container}: heartbeat {n}: still running`;

/** The lines a container's move writes to the log of the instance it concerns. */
export function logWritesFor(
  pod: Pod,
  container: Container,
  behaviour: ContainerBehaviour,
  transition: Transition,
  where: { readonly node: string; readonly heartbeatMs: number },
): ContainerLogWrite[] {
  const podUid = pod.metadata.uid ?? '';
  const containerId = containerID(pod, container, transition.restartCount);
  const line = (text: string): ContainerLogWrite => ({ op: 'line', podUid, containerId, timeMs: transition.at, text });
  const end: ContainerLogWrite = { op: 'end', containerId, timeMs: transition.at };
  const name = container.name;
  switch (transition.to) {
    case 'running':
      return [
        line(
          `${name}: starting (image "${container.image ?? ''}", restart ${transition.restartCount}) in pod ${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''} on node ${where.node}`,
        ),
      ];
    case 'ready':
      return [
        line(`${name}: ready: readiness probe succeeded, serving`),
        ...(where.heartbeatMs > 0 ? [{ op: 'repeat', podUid, containerId, everyMs: where.heartbeatMs, text: heartbeat(name) } as const] : []),
      ];
    case 'crash-loop':
    case 'failed':
      return [line(`${name}: fatal: ${crashReason(container, behaviour)}; exiting with code 1`), end];
    case 'succeeded':
      return [line(`${name}: work done; exiting with code 0`), end];
    default:
      return [];
  }
}

/**
 * A kubelet that starts (the console restarted) finds containers already running whose output
 * its log store no longer holds: their logs go on from a line saying so, with the heartbeat of
 * a ready one, rather than staying empty.
 */
export function resumedWrites(pod: Pod, nowMs: number, heartbeatMs: number): ContainerLogWrite[] {
  const podUid = pod.metadata.uid ?? '';
  return (pod.status?.containerStatuses ?? [])
    .filter((s) => s.state.running && s.containerID)
    .flatMap((s): ContainerLogWrite[] => [
      { op: 'line', podUid, containerId: s.containerID!, timeMs: nowMs, text: `${s.name}: (the output before the simulated kubelet restarted is not kept)` },
      ...(s.ready && heartbeatMs > 0 ? [{ op: 'repeat', podUid, containerId: s.containerID!, everyMs: heartbeatMs, text: heartbeat(s.name) } as const] : []),
    ]);
}

/** A Pod deleted while its containers ran: each gets SIGTERM and stops (exit 137 under a Job). */
export function stopWrites(pod: Pod, nowMs: number): ContainerLogWrite[] {
  const podUid = pod.metadata.uid ?? '';
  return (pod.status?.containerStatuses ?? [])
    .filter((s) => s.state.running && s.containerID)
    .flatMap((s) => [
      { op: 'line', podUid, containerId: s.containerID!, timeMs: nowMs, text: `${s.name}: received SIGTERM, shutting down` } as const,
      { op: 'end', containerId: s.containerID!, timeMs: nowMs } as const,
    ]);
}

function crashReason(container: Container, behaviour: ContainerBehaviour): string {
  const tag = imageTag(container.image ?? '');
  if (behaviour === 'crashes' && (tag === 'crash' || tag === 'fail')) return `simulated crash (image tag "${tag}")`;
  return "simulated crash (the simulator's failure rate picked this Pod)";
}

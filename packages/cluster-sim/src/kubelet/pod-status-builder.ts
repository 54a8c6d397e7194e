/**
 * The status a kubelet reports for a Pod whose containers are in the given phases: phase,
 * the five conditions, container statuses with their states, IPs and start time, in the
 * shape and wording a real kubelet uses (so `kubectl get pods` and `describe` read right).
 */
import { createHash } from 'node:crypto';
import { formatTime } from '@dojo/kube-api';
import { goDuration } from '../core/go-duration.ts';
import type { Container, ContainerStatus, Pod, PodCondition, PodStatus } from '../core/workload-types.ts';
import { backoffMs, type ContainerProgress, type LifecycleTiming } from './container-lifecycle.ts';

export interface PodStatusInput {
  readonly pod: Pod;
  readonly progress: ReadonlyMap<string, ContainerProgress>;
  readonly timing: LifecycleTiming;
  readonly nowMs: number;
  /** The address of the simulated node the Pod runs on. */
  readonly hostIP: string;
}

export function buildPodStatus({ pod, progress, timing, nowMs, hostIP }: PodStatusInput): PodStatus {
  const previous = pod.status ?? {};
  const containers = pod.spec.containers.map((c) => containerStatus(pod, c, progress.get(c.name), timing, previous.containerStatuses));
  const waitingToStart = pod.spec.containers.some((c) => ['creating', 'pull-error', 'pull-backoff'].includes(progress.get(c.name)?.phase ?? 'creating'));
  const unready = containers.filter((c) => !c.ready).map((c) => c.name);
  const ip = podIP(pod.metadata.uid ?? pod.metadata.name ?? '');
  const condition = (type: string, ok: boolean, reason?: string, message?: string): PodCondition => {
    const status = ok ? 'True' : 'False';
    const old = previous.conditions?.find((c) => c.type === type);
    return {
      type,
      status,
      lastProbeTime: null,
      lastTransitionTime: old?.status === status && old.lastTransitionTime ? old.lastTransitionTime : formatTime(nowMs),
      ...(reason ? { reason } : {}),
      ...(message ? { message } : {}),
    };
  };
  const notReady = unready.length > 0 ? (['ContainersNotReady', `containers with unready status: [${unready.join(' ')}]`] as const) : ([] as const);
  const started = previous.startTime ?? formatTime(nowMs);
  const finished = finishedPhase(pod, progress);
  // A finished Pod's sandbox is torn down, and the kubelet reports every condition but
  // PodScheduled as PodCompleted (GeneratePodReadyCondition and friends).
  const completed = ['PodCompleted'] as const;
  return {
    ...previous,
    phase: finished ?? (waitingToStart ? 'Pending' : 'Running'),
    conditions: [
      condition('PodReadyToStartContainers', !finished),
      condition('Initialized', true, ...(finished ? completed : [])),
      condition('Ready', !finished && unready.length === 0, ...(finished ? completed : notReady)),
      condition('ContainersReady', !finished && unready.length === 0, ...(finished ? completed : notReady)),
      condition('PodScheduled', true),
    ],
    hostIP,
    hostIPs: [{ ip: hostIP }],
    podIP: ip,
    podIPs: [{ ip }],
    startTime: started,
    containerStatuses: containers,
    ...(pod.spec.initContainers?.length ? { initContainerStatuses: pod.spec.initContainers.map((c) => completedInit(pod, c, started)) } : {}),
  };
}

/**
 * Succeeded once every container exited 0, Failed once every container exited and one did not
 * exit 0 (only possible under restartPolicy Never): kubelet's getPhase for a Pod that does not
 * restart its containers.
 */
function finishedPhase(pod: Pod, progress: ReadonlyMap<string, ContainerProgress>): 'Succeeded' | 'Failed' | undefined {
  const phases = pod.spec.containers.map((c) => progress.get(c.name)?.phase);
  if (!phases.every((p) => p === 'succeeded' || p === 'failed')) return undefined;
  return phases.includes('failed') ? 'Failed' : 'Succeeded';
}

function containerStatus(
  pod: Pod,
  container: Container,
  progress: ContainerProgress | undefined,
  timing: LifecycleTiming,
  previous: readonly ContainerStatus[] | undefined,
): ContainerStatus {
  const image = container.image ?? '';
  const phase = progress?.phase ?? 'creating';
  const restartCount = progress?.restartCount ?? 0;
  const since = formatTime(progress?.since ?? 0);
  const startedAt = formatTime(progress?.startedAt ?? progress?.since ?? 0);
  const base = { name: container.name, image, imageID: '', ready: false, started: false, restartCount };
  // The last termination survives restarts: it is what `kubectl describe` shows as Last State.
  const lastState = restartCount > 0 ? (previous?.find((s) => s.name === container.name)?.lastState ?? {}) : {};
  switch (phase) {
    case 'creating':
      return { ...base, state: { waiting: { reason: 'ContainerCreating' } }, lastState };
    case 'running':
    case 'ready':
      return {
        ...base,
        imageID: imageID(image),
        containerID: containerID(pod, container, restartCount),
        ready: phase === 'ready',
        started: true,
        state: { running: { startedAt } },
        lastState,
      };
    case 'crash-loop': {
      const id = containerID(pod, container, restartCount);
      const message = `back-off ${goDuration(backoffMs(restartCount, timing.backoff))} restarting failed container=${container.name} pod=${pod.metadata.name ?? ''}_${pod.metadata.namespace ?? ''}(${pod.metadata.uid ?? ''})`;
      return {
        ...base,
        imageID: imageID(image),
        containerID: id,
        state: { waiting: { reason: 'CrashLoopBackOff', message } },
        lastState: { terminated: { exitCode: 1, reason: 'Error', startedAt, finishedAt: since, containerID: id } },
      };
    }
    case 'succeeded':
    case 'failed': {
      const id = containerID(pod, container, restartCount);
      const exited = previous?.find((s) => s.name === container.name)?.state.terminated;
      const exitCode = phase === 'succeeded' ? 0 : 1;
      const terminated = exited ?? { exitCode, reason: exitCode === 0 ? 'Completed' : 'Error', startedAt, finishedAt: since, containerID: id };
      return { ...base, imageID: imageID(image), containerID: id, state: { terminated }, lastState };
    }
    case 'pull-error':
      return { ...base, state: { waiting: { reason: 'ErrImagePull', message: pullError(image) } }, lastState };
    case 'pull-backoff':
      return { ...base, state: { waiting: { reason: 'ImagePullBackOff', message: `Back-off pulling image "${image}"` } }, lastState };
  }
}

function completedInit(pod: Pod, container: Container, at: string): ContainerStatus {
  const id = containerID(pod, container, 0);
  return {
    name: container.name,
    image: container.image ?? '',
    imageID: imageID(container.image ?? ''),
    containerID: id,
    ready: true,
    started: false,
    restartCount: 0,
    state: { terminated: { exitCode: 0, reason: 'Completed', startedAt: at, finishedAt: at, containerID: id } },
    lastState: {},
  };
}

/** What containerd answers for an image that does not exist. */
export function pullError(image: string): string {
  const ref = qualifiedImage(image);
  return `rpc error: code = NotFound desc = failed to pull and unpack image "${ref}": failed to resolve reference "${ref}": ${ref}: not found`;
}

/** "nginx:1" -> "docker.io/library/nginx:1", as container runtimes resolve short names. */
export function qualifiedImage(image: string): string {
  const first = image.split('/')[0] ?? '';
  if (!image.includes('/')) return `docker.io/library/${image}`;
  if (!first.includes('.') && !first.includes(':') && first !== 'localhost') return `docker.io/${image}`;
  return image;
}

function imageID(image: string): string {
  const repository =
    qualifiedImage(image)
      .replace(/:[^/:@]+$/, '')
      .split('@')[0] ?? '';
  return `${repository}@sha256:${sha256(image)}`;
}

/** The ID of one instance of the container: a restart makes another (its log is another file). */
export function containerID(pod: Pod, container: Container, restartCount: number): string {
  return `containerd://${sha256(`${pod.metadata.uid ?? ''}/${container.name}/${restartCount}`)}`;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A stable address in 10.244.0.0/16 (kind's Pod CIDR) for the Pod. */
export function podIP(uid: string): string {
  const digest = createHash('sha256').update(uid).digest();
  return `10.244.${digest[0] ?? 0}.${1 + ((digest[1] ?? 0) % 254)}`;
}

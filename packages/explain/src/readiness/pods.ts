/**
 * Why a Pod is not Ready, from what the kubelet reports: a container waiting for a reason only
 * a person can fix (CrashLoopBackOff, ImagePullBackOff, ...) failed; a container on its way
 * (ContainerCreating) progresses; a Pod nobody can schedule is blocked; a Failed phase failed.
 * A Succeeded Pod is done, not blocked.
 */
import type { KubeObject } from '@dojo/kube-api';
import { conditionsOf } from './conditions.ts';
import { facts, ranks, timeOf, type Finding } from './finding.ts';

interface ContainerState {
  waiting?: { reason?: string; message?: string };
  running?: { startedAt?: string };
  terminated?: { exitCode?: number; reason?: string; message?: string; finishedAt?: string };
}

interface ContainerStatus {
  name: string;
  image?: string;
  ready?: boolean;
  restartCount?: number;
  state?: ContainerState;
  lastState?: ContainerState;
}

interface PodStatus {
  phase?: string;
  reason?: string;
  message?: string;
  containerStatuses?: ContainerStatus[];
  initContainerStatuses?: ContainerStatus[];
}

/** Waiting reasons that do not pass by waiting (kubelet's own words). */
const failingWaits = new Set([
  'CrashLoopBackOff',
  'ImagePullBackOff',
  'ErrImagePull',
  'InvalidImageName',
  'CreateContainerConfigError',
  'CreateContainerError',
  'RunContainerError',
]);

export function podFindings(pod: KubeObject): Finding[] {
  const status = (pod.status ?? {}) as PodStatus;
  if (status.phase === 'Succeeded') return [];
  if (status.phase === 'Failed') {
    return [
      {
        code: 'pod/Failed',
        severity: 'failed',
        rank: ranks.failed,
        title: `Failed${status.reason ? `: ${status.reason}` : ''}`,
        ...(status.message ? { detail: status.message } : {}),
        evidence: facts({ phase: 'Failed' }),
        tab: 'events',
      },
    ];
  }
  const conditions = conditionsOf(pod);
  const ready = conditions.find((c) => c.type === 'Ready');
  if (ready?.status === 'True') return [];
  const notReadySince = ready?.status === 'False' ? timeOf(ready.lastTransitionTime) : undefined;
  const findings: Finding[] = [];
  for (const container of [...(status.initContainerStatuses ?? []).map((c) => ({ ...c, init: true })), ...(status.containerStatuses ?? [])]) {
    const finding = containerFinding(container, 'init' in container, notReadySince);
    if (finding) findings.push(finding);
  }
  if (findings.length > 0) return findings;
  const scheduled = conditions.find((c) => c.type === 'PodScheduled');
  if (scheduled?.status === 'False') {
    return [
      {
        code: 'pod/Unschedulable',
        severity: 'blocked',
        rank: ranks.notReady,
        title: `Cannot be scheduled${scheduled.reason ? `: ${scheduled.reason}` : ''}`,
        ...(scheduled.message ? { detail: scheduled.message } : {}),
        ...since(timeOf(scheduled.lastTransitionTime)),
        evidence: facts({ phase: status.phase }),
        tab: 'events',
      },
    ];
  }
  if (!status.phase || status.phase === 'Pending') {
    const nodeName = (pod.spec as { nodeName?: string } | undefined)?.nodeName;
    return [
      {
        code: 'pod/Pending',
        severity: 'progressing',
        rank: ranks.progress,
        title: nodeName ? `Pending on ${nodeName}: its containers have not started` : 'Pending: not scheduled yet',
        evidence: facts({ phase: status.phase ?? 'none yet', node: nodeName }),
        tab: 'events',
      },
    ];
  }
  if (ready)
    return [
      {
        code: 'condition/Ready',
        severity: 'blocked',
        rank: ranks.notReady,
        title: `Ready is ${ready.status}${ready.reason ? `: ${ready.reason}` : ''}`,
        ...(ready.message ? { detail: ready.message } : {}),
        ...since(notReadySince),
        evidence: facts({ phase: status.phase }),
        tab: 'overview',
      },
    ];
  return [];
}

function containerFinding(c: ContainerStatus, init: boolean, notReadySince: number | undefined): Finding | undefined {
  const which = `${init ? 'Init container' : 'Container'} ${c.name}`;
  const last = c.lastState?.terminated;
  const evidence = facts({
    image: c.image,
    restarts: c.restartCount,
    'last exit': last ? `${last.reason ?? 'terminated'}${last.exitCode !== undefined ? ` (code ${last.exitCode})` : ''}` : undefined,
  });
  const waiting = c.state?.waiting;
  if (waiting?.reason && failingWaits.has(waiting.reason)) {
    // Why a container crashed is in its log (the crashed instance's: what the Logs tab reads while it backs off); why a pull failed, in the Events.
    const tab = waiting.reason === 'CrashLoopBackOff' ? 'logs' : 'events';
    return {
      code: `container/${c.name}/${waiting.reason}`,
      severity: 'failed',
      rank: ranks.failed,
      title: `${which}: ${waiting.reason}`,
      ...(waiting.message ? { detail: waiting.message } : {}),
      ...since(notReadySince),
      evidence,
      tab,
    };
  }
  // Between back-offs a crash-looping container runs for a moment: still a crash loop.
  if (!c.ready && (c.restartCount ?? 0) >= 3 && last) {
    return {
      code: `container/${c.name}/CrashLoopBackOff`,
      severity: 'failed',
      rank: ranks.failed,
      title: `${which}: CrashLoopBackOff`,
      detail: `restarted ${c.restartCount} times`,
      ...since(notReadySince),
      evidence,
      tab: 'logs',
    };
  }
  const terminated = c.state?.terminated;
  if (terminated && !init && (terminated.exitCode ?? 0) !== 0) {
    return {
      code: `container/${c.name}/Terminated`,
      severity: 'failed',
      rank: ranks.failed,
      title: `${which} exited: ${terminated.reason ?? `code ${terminated.exitCode}`}`,
      ...(terminated.message ? { detail: terminated.message } : {}),
      ...since(timeOf(terminated.finishedAt)),
      evidence,
      tab: 'events',
    };
  }
  if (waiting) {
    return {
      code: `container/${c.name}/${waiting.reason ?? 'Waiting'}`,
      severity: 'progressing',
      rank: ranks.progress,
      title: `${which}: ${waiting.reason ?? 'waiting'}`,
      ...(waiting.message ? { detail: waiting.message } : {}),
      evidence,
      tab: 'events',
    };
  }
  if (c.state?.running && c.ready === false && !init) {
    return {
      code: `container/${c.name}/NotReady`,
      severity: 'progressing',
      rank: ranks.progress,
      title: `${which} is running, not ready yet`,
      ...since(notReadySince),
      evidence,
      tab: 'events',
    };
  }
  return undefined;
}

function since(time: number | undefined): { since?: number } {
  return time === undefined ? {} : { since: time };
}

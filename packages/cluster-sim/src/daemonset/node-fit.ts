/**
 * Which Nodes a DaemonSet runs on (kube's NodeShouldRunDaemonPod, lite): the template's
 * nodeName if it names one, its nodeSelector, and the Node's taints against the Pod's
 * tolerations, the daemon tolerations kube adds included. A NoSchedule taint keeps a new Pod
 * off but lets a running one stay; NoExecute does neither. Required node affinity on labels
 * beyond nodeSelector is not evaluated.
 */
import type { DaemonSet, Node, NodeTaint } from '../core/apps-types.ts';
import type { PodSpec } from '../core/workload-types.ts';

export interface Toleration {
  key?: string;
  operator?: 'Exists' | 'Equal';
  value?: string;
  effect?: string;
  tolerationSeconds?: number;
}

/** AddOrUpdateDaemonPodTolerations: daemons survive not-ready, unreachable, pressured and cordoned nodes. */
export function daemonTolerations(spec: PodSpec): Toleration[] {
  const own = Array.isArray(spec.tolerations) ? (spec.tolerations as Toleration[]) : [];
  const added: Toleration[] = [
    { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
    { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
    { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
    ...(spec.hostNetwork ? [{ key: 'node.kubernetes.io/network-unavailable', operator: 'Exists' as const, effect: 'NoSchedule' }] : []),
  ];
  const result = [...own];
  for (const toleration of added) {
    if (!result.some((t) => t.key === toleration.key && t.effect === toleration.effect)) result.push(toleration);
  }
  return result;
}

function tolerates(toleration: Toleration, taint: NodeTaint): boolean {
  if (toleration.effect && toleration.effect !== taint.effect) return false;
  if (toleration.key && toleration.key !== taint.key) return false;
  if (!toleration.key && toleration.operator !== 'Exists') return false;
  return toleration.operator === 'Exists' || (toleration.value ?? '') === (taint.value ?? '');
}

export interface NodeFit {
  readonly shouldRun: boolean;
  readonly shouldContinueRunning: boolean;
}

export function nodeShouldRunDaemonPod(node: Node, ds: DaemonSet): NodeFit {
  const none = { shouldRun: false, shouldContinueRunning: false };
  const spec = ds.spec.template.spec ?? { containers: [] };
  if (spec.nodeName && spec.nodeName !== node.metadata.name) return none;
  const selector = (spec.nodeSelector ?? {}) as Record<string, string>;
  if (Object.entries(selector).some(([key, value]) => node.metadata.labels?.[key] !== value)) return none;
  const tolerations = daemonTolerations(spec);
  const untolerated = (node.spec?.taints ?? []).filter((taint) => !tolerations.some((t) => tolerates(t, taint)));
  if (untolerated.some((t) => t.effect === 'NoExecute')) return none;
  if (untolerated.some((t) => t.effect === 'NoSchedule')) return { shouldRun: false, shouldContinueRunning: true };
  return { shouldRun: true, shouldContinueRunning: true };
}

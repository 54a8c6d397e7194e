/**
 * What one DaemonSet sync does (kube's daemon_controller.go manage + update.go rollingUpdate,
 * without surge), as a pure plan:
 *
 * - manage: a Node that should run the daemon and has no Pod gets one; a failed or succeeded
 *   Pod is deleted (to be made again); extra Pods on a Node go, the oldest stays; a Node that
 *   should no longer run it (selector, NoExecute taint) loses its Pods, and so do Pods bound to
 *   Nodes that no longer exist.
 * - rolling update, once manage has nothing to do: outdated Pods are deleted Node by Node, an
 *   unavailable one at once, an available one only while fewer than maxUnavailable (1 by
 *   default, a percentage of the desired Nodes rounding up) are unavailable. The next manage
 *   makes the replacement from the current revision. OnDelete replaces nothing.
 */
import { isPodAvailable } from '../core/pod-conditions.ts';
import type { DaemonSet, Node } from '../core/apps-types.ts';
import type { Pod } from '../core/workload-types.ts';
import { scaledValue } from '../deployment/rollout-math.ts';
import { isDaemonPodUpdated, nodeOfDaemonPod } from './daemon-pod.ts';
import { nodeShouldRunDaemonPod } from './node-fit.ts';

export interface DaemonEvent {
  readonly type: 'Normal' | 'Warning';
  readonly reason: string;
  readonly message: string;
}

export interface DaemonPlan {
  /** Nodes that get a new Pod. */
  readonly create: string[];
  readonly delete: Pod[];
  readonly events: DaemonEvent[];
}

export interface DaemonPlanInput {
  readonly ds: DaemonSet;
  readonly nodes: readonly Node[];
  readonly pods: readonly Pod[];
  /** The current revision's hash. */
  readonly hash: string;
  readonly nowMs: number;
}

const byAge = (a: Pod, b: Pod): number =>
  (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? '') || (a.metadata.name ?? '').localeCompare(b.metadata.name ?? '');

export function podsByNode(pods: readonly Pod[]): Map<string, Pod[]> {
  const byNode = new Map<string, Pod[]>();
  for (const pod of pods) {
    const node = nodeOfDaemonPod(pod);
    byNode.set(node, [...(byNode.get(node) ?? []), pod]);
  }
  return byNode;
}

export function planDaemonSet(input: DaemonPlanInput): DaemonPlan {
  const managed = manage(input);
  if (managed.create.length > 0 || managed.delete.length > 0) return managed;
  if ((input.ds.spec.updateStrategy?.type ?? 'RollingUpdate') !== 'RollingUpdate') return managed;
  return { create: [], delete: rollingUpdate(input), events: managed.events };
}

function manage({ ds, nodes, pods }: DaemonPlanInput): DaemonPlan {
  const plan: DaemonPlan = { create: [], delete: [], events: [] };
  const byNode = podsByNode(pods);
  const live = (list: readonly Pod[]): Pod[] => list.filter((p) => !p.metadata.deletionTimestamp);
  for (const node of nodes) {
    const name = node.metadata.name ?? '';
    const fit = nodeShouldRunDaemonPod(node, ds);
    const daemonPods = byNode.get(name);
    if (fit.shouldRun && !daemonPods) {
      plan.create.push(name);
    } else if (fit.shouldContinueRunning && daemonPods) {
      const running: Pod[] = [];
      for (const pod of live(daemonPods)) {
        const where = `${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''} on node ${name}`;
        if (pod.status?.phase === 'Failed') {
          plan.events.push({ type: 'Warning', reason: 'FailedDaemonPod', message: `Found failed daemon pod ${where}, will try to kill it` });
          plan.delete.push(pod);
        } else if (pod.status?.phase === 'Succeeded') {
          plan.events.push({ type: 'Normal', reason: 'SucceededDaemonPod', message: `Found succeeded daemon pod ${where}, will try to delete it` });
          plan.delete.push(pod);
        } else running.push(pod);
      }
      plan.delete.push(...running.sort(byAge).slice(1));
    } else if (!fit.shouldContinueRunning && daemonPods) {
      plan.delete.push(...live(daemonPods));
    }
  }
  const known = new Set(nodes.map((n) => n.metadata.name ?? ''));
  for (const [node, list] of byNode) if (!known.has(node)) plan.delete.push(...live(list));
  return plan;
}

function rollingUpdate({ ds, nodes, pods, hash, nowMs }: DaemonPlanInput): Pod[] {
  const minReady = ds.spec.minReadySeconds ?? 0;
  const desired = nodes.filter((n) => nodeShouldRunDaemonPod(n, ds).shouldRun).length;
  const maxUnavailable = Math.max(desired > 0 ? 1 : 0, scaledValue(ds.spec.updateStrategy?.rollingUpdate?.maxUnavailable ?? 1, desired, true));
  const byNode = podsByNode(pods.filter((p) => !p.metadata.deletionTimestamp));
  let unavailable = 0;
  const replaceNow: Pod[] = [];
  const candidates: Pod[] = [];
  for (const node of nodes) {
    const list = byNode.get(node.metadata.name ?? '');
    if (!list) continue;
    const fresh = list.filter((p) => isDaemonPodUpdated(p, ds, hash));
    const old = list.filter((p) => !isDaemonPodUpdated(p, ds, hash));
    if (fresh.length > 1 || old.length > 1 || (fresh.length === 1) === (old.length === 1)) {
      unavailable++;
      continue;
    }
    const [newPod] = fresh;
    const [oldPod] = old;
    if (newPod) {
      if (!isPodAvailable(newPod, minReady, nowMs)) unavailable++;
    } else if (oldPod && !isPodAvailable(oldPod, minReady, nowMs)) {
      replaceNow.push(oldPod);
      unavailable++;
    } else if (oldPod && unavailable < maxUnavailable) {
      candidates.push(oldPod);
    }
  }
  return [...replaceNow, ...candidates.slice(0, Math.max(0, maxUnavailable - unavailable))];
}

/**
 * The cluster's simulated Nodes: `nodeName` first (where ReplicaSet Pods have always run),
 * then `<nodeName>-2`, `-3` ..., each Ready, schedulable and reporting what a kubelet 1.37
 * reports (conditions in its words, addresses, capacity, nodeInfo), so `kubectl get nodes` and
 * `describe node` read like kind's. Created at start when missing; one that exists is left as
 * it is (someone may have cordoned or tainted it on purpose).
 */
import { formatTime, isAlreadyExists, notReadyTaint } from '@dojo/kube-api';
import { builtinTypes, type Client } from '@dojo/runtime';
import type { Node } from '../core/apps-types.ts';

export const simulatedKubeletVersion = 'v1.37.2';

export function simulatedNodeNames(first: string, count: number): string[] {
  return Array.from({ length: Math.max(1, count) }, (_, i) => (i === 0 ? first : `${first}-${i + 1}`));
}

/** kind's addressing: the nodes at 172.18.0.2, .3, ...; an unknown node gets the first address. */
export function hostIPOf(nodeName: string | undefined, names: readonly string[]): string {
  return addressAt(Math.max(0, names.indexOf(nodeName ?? '')));
}

function addressAt(index: number): string {
  return `172.18.0.${2 + index}`;
}

export function simulatedNode(name: string, index: number, nowMs: number): Node {
  const now = formatTime(nowMs);
  const condition = (type: string, status: 'True' | 'False', reason: string, message: string) => ({
    type,
    status,
    lastHeartbeatTime: now,
    lastTransitionTime: now,
    reason,
    message,
  });
  const capacity = { cpu: '8', 'ephemeral-storage': '102626232Ki', 'hugepages-1Gi': '0', 'hugepages-2Mi': '0', memory: '16365020Ki', pods: '110' };
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      labels: {
        'beta.kubernetes.io/arch': 'amd64',
        'beta.kubernetes.io/os': 'linux',
        'kubernetes.io/arch': 'amd64',
        'kubernetes.io/hostname': name,
        'kubernetes.io/os': 'linux',
      },
      annotations: { 'node.alpha.kubernetes.io/ttl': '0', 'volumes.kubernetes.io/controller-managed-attach-detach': 'true' },
    },
    spec: { podCIDR: `10.244.${index}.0/24`, podCIDRs: [`10.244.${index}.0/24`] },
    status: {
      capacity,
      allocatable: capacity,
      conditions: [
        condition('MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'),
        condition('DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
        condition('PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'),
        condition('Ready', 'True', 'KubeletReady', 'kubelet is posting ready status'),
      ],
      addresses: [
        { type: 'InternalIP', address: addressAt(index) },
        { type: 'Hostname', address: name },
      ],
      daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
      nodeInfo: {
        machineID: machineId(name),
        systemUUID: machineId(`${name}-uuid`),
        bootID: machineId(`${name}-boot`),
        kernelVersion: '6.8.0-dojo',
        osImage: 'Debian GNU/Linux 12 (bookworm)',
        containerRuntimeVersion: 'containerd://2.1.4',
        kubeletVersion: simulatedKubeletVersion,
        operatingSystem: 'linux',
        architecture: 'amd64',
      },
    },
  };
}

/**
 * The node lifecycle controller's part for a Node that reports Ready: the API server created it
 * tainted not-ready (TaintNodesByCondition), and the taint goes once its Ready condition is True.
 */
async function liftNotReadyTaint(client: Client, node: Node): Promise<void> {
  const taints = (node.spec?.taints ?? []) as { key?: string; effect?: string }[];
  const kept = taints.filter((t) => !(t.key === notReadyTaint.key && t.effect === notReadyTaint.effect));
  if (kept.length === taints.length) return;
  await client.patch(builtinTypes.nodes, { name: node.metadata.name ?? '' }, { type: 'merge', body: { spec: { taints: kept.length ? kept : null } } });
}

/** Creates the simulated Nodes that do not exist yet. */
export async function ensureSimulatedNodes(client: Client, names: readonly string[], nowMs: number): Promise<void> {
  await Promise.all(
    names.map(async (name, index) => {
      try {
        await liftNotReadyTaint(client, await client.create(builtinTypes.nodes, simulatedNode(name, index, nowMs)));
      } catch (error) {
        if (!isAlreadyExists(error)) throw error;
      }
    }),
  );
}

function machineId(seed: string): string {
  let hash = 0x811c9dc5;
  let out = '';
  for (let round = 0; out.length < 32; round++) {
    for (const ch of `${seed}:${round}`) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193);
    out += (hash >>> 0).toString(16).padStart(8, '0');
  }
  return out.slice(0, 32);
}

/**
 * The kubelets' heartbeats (pkg/kubelet/nodelease): each simulated Node holds a Lease of its
 * name in `kube-node-lease`, owned by the Node, held by it for 40 s and renewed every 10 s
 * (a quarter of the duration), which is how the node lifecycle controller, and anyone asking
 * `kubectl get leases -n kube-node-lease`, knows the node is alive. Nodes the simulator did
 * not make are not its to renew.
 */
import { formatMicroTime, isNotFound, type KubeObject } from '@dojo/kube-api';
import { builtinTypes, type Client, type Clock, type Reconciler, type Request, type Result } from '@dojo/runtime';

const { leases, nodes } = builtinTypes;

export const nodeLeaseNamespace = 'kube-node-lease';
const leaseDurationSeconds = 40;
export const leaseRenewIntervalMs = (leaseDurationSeconds * 1000) / 4;

interface Lease extends KubeObject {
  spec?: { holderIdentity?: string; leaseDurationSeconds?: number; renewTime?: string; [field: string]: unknown };
}

export interface NodeLeaseDeps {
  readonly client: Client;
  readonly clock: Clock;
  readonly nodeNames: ReadonlySet<string>;
}

export class NodeLeaseReconciler implements Reconciler {
  readonly #deps: NodeLeaseDeps;

  constructor(deps: NodeLeaseDeps) {
    this.#deps = deps;
  }

  async reconcile(request: Request): Promise<Result | void> {
    if (!this.#deps.nodeNames.has(request.name)) return;
    let node: KubeObject;
    try {
      node = await this.#deps.client.get(nodes, { name: request.name });
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
    const now = this.#deps.clock.now();
    const key = { namespace: nodeLeaseNamespace, name: request.name };
    let lease: Lease | undefined;
    try {
      lease = await this.#deps.client.get<Lease>(leases, key);
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    const renewedAt = Date.parse(lease?.spec?.renewTime ?? '');
    const due = Number.isNaN(renewedAt) ? 0 : renewedAt + leaseRenewIntervalMs - now;
    if (lease && due > 0) return { requeueAfter: due };
    const spec = { holderIdentity: request.name, leaseDurationSeconds, renewTime: formatMicroTime(now) };
    if (lease) await this.#deps.client.update(leases, { ...lease, spec: { ...lease.spec, ...spec } });
    else {
      await this.#deps.client.create(leases, {
        apiVersion: 'coordination.k8s.io/v1',
        kind: 'Lease',
        metadata: { ...key, ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: request.name, uid: node.metadata.uid ?? '' }] },
        spec,
      });
    }
    return { requeueAfter: leaseRenewIntervalMs };
  }
}

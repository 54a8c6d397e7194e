/**
 * Node ports for NodePort and LoadBalancer Services, as kube-apiserver's service REST allocates
 * them: every port that names none gets a free one from the default node-port range
 * (30000-32767, --service-node-port-range), chosen at random; a LoadBalancer with
 * `allocateLoadBalancerNodePorts: false` gets none. Like the cluster-IP allocator beside it, a
 * process-wide stand-in: ports given out are not reused.
 */
import { record } from './unstructured.ts';

const range = { base: 30000, size: 2768 };
const taken = new Set<number>();

const exposesNodePorts = (spec: Record<string, unknown>): boolean =>
  spec.type === 'NodePort' || (spec.type === 'LoadBalancer' && spec.allocateLoadBalancerNodePorts !== false);

function allocateNodePort(): number {
  for (;;) {
    const port = range.base + Math.floor(Math.random() * range.size);
    if (taken.has(port)) continue;
    taken.add(port);
    return port;
  }
}

/** Fills `nodePort` of each port of a new Service that needs one. */
export function allocateNodePorts(spec: Record<string, unknown>): void {
  if (!exposesNodePorts(spec) || !Array.isArray(spec.ports)) return;
  for (const p of spec.ports) {
    const port = record(p);
    if (typeof port.nodePort === 'number' && port.nodePort > 0) taken.add(port.nodePort);
    else port.nodePort = allocateNodePort();
  }
}

/**
 * An update that sends a port without its nodePort keeps the one it had (kube's service REST
 * patches allocated node ports over from the old object, matching ports by port and protocol),
 * then any port still without one gets a new one.
 */
export function keepNodePorts(spec: Record<string, unknown>, old: Record<string, unknown>): void {
  if (exposesNodePorts(spec) && exposesNodePorts(old) && Array.isArray(spec.ports) && Array.isArray(old.ports)) {
    const oldPorts = old.ports.map(record);
    for (const port of spec.ports.map(record)) {
      if (typeof port.nodePort === 'number' && port.nodePort > 0) continue;
      const before = oldPorts.find((o) => o.port === port.port && (o.protocol ?? 'TCP') === (port.protocol ?? 'TCP'));
      if (typeof before?.nodePort === 'number') port.nodePort = before.nodePort;
    }
  }
  allocateNodePorts(spec);
}

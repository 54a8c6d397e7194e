/**
 * Which Pods back a Service and on which ports, shared by the endpoints and endpointslice
 * controllers (kube's endpointslice utilities ShouldPodBeInEndpoints and FindPort, and the
 * endpoints controller's addEndpointSubset + RepackSubsets), pure.
 *
 * - A Pod counts when it selects, has an IP, and has not finished (Succeeded or Failed); a
 *   terminating Pod counts only where terminating endpoints are shown
 *   (EndpointSlices, or Endpoints of a Service that publishes not-ready addresses).
 * - A named targetPort is looked up in the Pod's container ports (name and protocol); a Pod
 *   without it is left out for that port.
 * - Endpoints group addresses by the set of ports they serve (one subset per set), ready ones
 *   under `addresses`, the others under `notReadyAddresses`, addresses sorted by IP.
 */
import { LabelSelector } from '@dojo/kube-api';
import { isPodReady } from '../core/pod-conditions.ts';
import type { EndpointAddress, EndpointPort, EndpointSubset, PodReference, Service, ServicePort } from '../core/service-types.ts';
import type { Pod } from '../core/workload-types.ts';

export function selects(service: Service, pod: Pod): boolean {
  const selector = service.spec.selector;
  if (!selector || Object.keys(selector).length === 0 || service.metadata.namespace !== pod.metadata.namespace) return false;
  return LabelSelector.fromObject({ matchLabels: selector }).matches(pod.metadata.labels);
}

/** ShouldPodBeInEndpoints: not finished, has an IP, and not terminating unless those are wanted. */
export function isEndpointCandidate(pod: Pod, includeTerminating: boolean): boolean {
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') return false;
  if (!pod.status?.podIP) return false;
  return includeTerminating || !pod.metadata.deletionTimestamp;
}

/** FindPort: the Pod's port number for a Service port, or undefined when the Pod has no such named port. */
export function findPort(pod: Pod, servicePort: ServicePort): number | undefined {
  const target = servicePort.targetPort ?? servicePort.port;
  if (typeof target === 'number') return target;
  if (/^\d+$/.test(target)) return Number(target);
  const protocol = servicePort.protocol ?? 'TCP';
  for (const container of pod.spec.containers) {
    const ports = (container.ports as { name?: string; containerPort: number; protocol?: string }[] | undefined) ?? [];
    const found = ports.find((p) => p.name === target && (p.protocol ?? 'TCP') === protocol);
    if (found) return found.containerPort;
  }
  return undefined;
}

export function endpointPort(servicePort: ServicePort, port: number): EndpointPort {
  return {
    ...(servicePort.name ? { name: servicePort.name } : {}),
    port,
    protocol: servicePort.protocol ?? 'TCP',
    ...(servicePort.appProtocol ? { appProtocol: servicePort.appProtocol } : {}),
  };
}

/** The ports a Pod serves for the Service, in the Service's order. */
export function podPorts(service: Service, pod: Pod): EndpointPort[] {
  return (service.spec.ports ?? []).flatMap((sp) => {
    const port = findPort(pod, sp);
    return port === undefined ? [] : [endpointPort(sp, port)];
  });
}

export function podReference(pod: Pod): PodReference {
  return { kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name ?? '', uid: pod.metadata.uid };
}

/** ShouldSetHostname: a Pod with a hostname whose subdomain names the Service. */
export function hostnameFor(service: Service, pod: Pod): string | undefined {
  const hostname = pod.spec.hostname as string | undefined;
  return hostname && pod.spec.subdomain === service.metadata.name ? hostname : undefined;
}

/** A port set's identity; an unnamed port and one named "" are the same (the API server stores slices' as ""). */
export const portsKey = (ports: readonly EndpointPort[]): string =>
  JSON.stringify(
    [...ports]
      .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '') || a.port - b.port)
      .map((p) => [p.name ?? '', p.port, p.protocol ?? 'TCP', p.appProtocol ?? '']),
  );

/** The Service's Endpoints subsets from the Pods in its namespace. */
export function endpointSubsets(service: Service, pods: readonly Pod[]): EndpointSubset[] {
  const publishNotReady = service.spec.publishNotReadyAddresses === true;
  const headless = service.spec.clusterIP === 'None';
  const groups = new Map<string, { ports: EndpointPort[]; ready: EndpointAddress[]; notReady: EndpointAddress[] }>();
  for (const pod of pods) {
    if (!selects(service, pod) || !isEndpointCandidate(pod, publishNotReady)) continue;
    const ports = podPorts(service, pod);
    // A Service with ports lists a Pod only where one resolves; a headless one without ports lists every Pod.
    if (ports.length === 0 && !(headless && (service.spec.ports ?? []).length === 0)) continue;
    const hostname = hostnameFor(service, pod);
    const address: EndpointAddress = {
      ip: pod.status?.podIP ?? '',
      ...(hostname ? { hostname } : {}),
      ...(pod.spec.nodeName ? { nodeName: pod.spec.nodeName } : {}),
      targetRef: podReference(pod),
    };
    const key = portsKey(ports);
    const group = groups.get(key) ?? {
      ports: [...ports].sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '') || a.port - b.port),
      ready: [],
      notReady: [],
    };
    groups.set(key, group);
    (publishNotReady || isPodReady(pod) ? group.ready : group.notReady).push(address);
  }
  const byIP = (a: EndpointAddress, b: EndpointAddress): number => compareIPs(a.ip, b.ip) || a.targetRef.name.localeCompare(b.targetRef.name);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, g]) => ({
      ...(g.ready.length ? { addresses: g.ready.sort(byIP) } : {}),
      ...(g.notReady.length ? { notReadyAddresses: g.notReady.sort(byIP) } : {}),
      ...(g.ports.length ? { ports: g.ports } : {}),
    }));
}

export function compareIPs(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 4; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}

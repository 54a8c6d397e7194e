/**
 * The EndpointSlices a Service wants (kube's endpointslice controller, simplified: one slice
 * per set of ports, every endpoint in it, no 100-endpoint split), pure. Terminating Pods stay
 * listed with `terminating: true` and `ready: false`; `serving` says whether they pass their
 * readiness check. A Service with no endpoints keeps one empty placeholder slice.
 */
import { isPodReady } from '../core/pod-conditions.ts';
import type { EndpointPort, Service, SliceEndpoint } from '../core/service-types.ts';
import type { Pod } from '../core/workload-types.ts';
import { compareIPs, hostnameFor, isEndpointCandidate, podPorts, podReference, portsKey, selects } from './service-endpoints.ts';

export const serviceNameLabel = 'kubernetes.io/service-name';
export const managedByLabel = 'endpointslice.kubernetes.io/managed-by';
export const sliceControllerName = 'endpointslice-controller.k8s.io';

export interface WantedSlice {
  /** portsKey of `ports`: what matches an existing slice to a wanted one. */
  readonly key: string;
  readonly ports: EndpointPort[];
  readonly endpoints: SliceEndpoint[];
}

export function wantedSlices(service: Service, pods: readonly Pod[]): WantedSlice[] {
  const publishNotReady = service.spec.publishNotReadyAddresses === true;
  const headless = service.spec.clusterIP === 'None';
  const groups = new Map<string, WantedSlice>();
  for (const pod of pods) {
    if (!selects(service, pod) || !isEndpointCandidate(pod, true)) continue;
    // discovery/v1 EndpointPort.name is a pointer kube always sets, "" for an unnamed port.
    const ports = podPorts(service, pod).map((p) => ({ ...p, name: p.name ?? '' }));
    if (ports.length === 0 && !(headless && (service.spec.ports ?? []).length === 0)) continue;
    const terminating = Boolean(pod.metadata.deletionTimestamp);
    const serving = publishNotReady || isPodReady(pod);
    const hostname = hostnameFor(service, pod);
    const endpoint: SliceEndpoint = {
      addresses: [pod.status?.podIP ?? ''],
      conditions: { ready: serving && !terminating, serving, terminating },
      ...(hostname ? { hostname } : {}),
      targetRef: podReference(pod),
      ...(pod.spec.nodeName ? { nodeName: pod.spec.nodeName } : {}),
    };
    const key = portsKey(ports);
    const group = groups.get(key) ?? { key, ports, endpoints: [] };
    groups.set(key, group);
    group.endpoints.push(endpoint);
  }
  const slices = [...groups.values()].sort((a, b) => a.key.localeCompare(b.key));
  for (const slice of slices)
    slice.endpoints.sort((a, b) => compareIPs(a.addresses[0] ?? '', b.addresses[0] ?? '') || a.targetRef.name.localeCompare(b.targetRef.name));
  return slices.length > 0 ? slices : [{ key: portsKey([]), ports: [], endpoints: [] }];
}

/** The labels of a Service's slices: the Service's own, plus the two kube adds (and headless). */
export function sliceLabels(service: Service): Record<string, string> {
  return {
    ...service.metadata.labels,
    [serviceNameLabel]: service.metadata.name ?? '',
    [managedByLabel]: sliceControllerName,
    ...(service.spec.clusterIP === 'None' ? { 'service.kubernetes.io/headless': '' } : {}),
  };
}

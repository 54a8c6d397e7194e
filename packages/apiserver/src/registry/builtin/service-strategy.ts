/**
 * Services (pkg/registry/core/service and SetDefaults_Service) on a single-stack IPv4 cluster:
 * type, port and traffic-policy defaults, the IP family fields the allocator fills in
 * (initIPFamilyFields), a cluster IP and node ports allocated once and never changed.
 */
import { fieldError, type FieldError, type KubeObject } from '@dojo/kube-api';
import type { Strategy } from '../strategy.ts';
import { keepStoredStatus } from '../status-strategy.ts';
import { field, record } from './unstructured.ts';

/** The service-CIDR allocator (a stand-in for kube-apiserver's): process-wide, never reused. */
let nextClusterIp = 1;

function allocateClusterIp(): string {
  const n = nextClusterIp++;
  return `10.96.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

/** The node-port allocator's range (--service-node-port-range 30000-32767), handed out in turn. */
const nodePortRange = { first: 30000, size: 2768 };
let nextNodePort = 0;

function allocateNodePort(taken: ReadonlySet<number>): number {
  for (let tries = 0; tries < nodePortRange.size; tries++) {
    const port = nodePortRange.first + (nextNodePort++ % nodePortRange.size);
    if (!taken.has(port)) return port;
  }
  return nodePortRange.first;
}

const exposesNodePorts = (spec: Record<string, unknown>): boolean =>
  spec.type === 'NodePort' || (spec.type === 'LoadBalancer' && spec.allocateLoadBalancerNodePorts !== false);

/** SetDefaults_Service: what every decode fills in. */
function defaultService(spec: Record<string, unknown>): void {
  spec.type ??= 'ClusterIP';
  spec.sessionAffinity ??= 'None';
  if (Array.isArray(spec.ports)) {
    for (const p of spec.ports) {
      const port = record(p);
      port.protocol ??= 'TCP';
      port.targetPort ??= port.port;
    }
  }
  if (spec.type === 'NodePort' || spec.type === 'LoadBalancer') spec.externalTrafficPolicy ??= 'Cluster';
  if (spec.type !== 'ExternalName') spec.internalTrafficPolicy ??= 'Cluster';
  if (spec.type === 'LoadBalancer') spec.allocateLoadBalancerNodePorts ??= true;
}

/** initIPFamilyFields on an IPv4-only cluster; a headless Service without selector asks for both families. */
function initIpFamilies(spec: Record<string, unknown>): void {
  if (spec.type === 'ExternalName') return;
  const headlessWithoutSelector = spec.clusterIP === 'None' && Object.keys(record(spec.selector)).length === 0;
  spec.ipFamilyPolicy ??= headlessWithoutSelector ? 'RequireDualStack' : 'SingleStack';
  const families = Array.isArray(spec.ipFamilies) && spec.ipFamilies.length ? [...(spec.ipFamilies as string[])] : ['IPv4'];
  if (headlessWithoutSelector && families.length < 2 && spec.ipFamilyPolicy !== 'SingleStack') families.push(families[0] === 'IPv4' ? 'IPv6' : 'IPv4');
  spec.ipFamilies = families;
}

function allocateNodePorts(spec: Record<string, unknown>): void {
  if (!exposesNodePorts(spec) || !Array.isArray(spec.ports)) return;
  const ports = spec.ports.map(record);
  const taken = new Set(ports.map((p) => p.nodePort).filter((n): n is number => typeof n === 'number'));
  for (const port of ports) {
    if (port.nodePort === undefined || port.nodePort === 0) {
      port.nodePort = allocateNodePort(taken);
      taken.add(port.nodePort as number);
    }
  }
}

/** patchAllocatedValues: a port sent without its nodePort keeps the one allocated before (same port and protocol). */
function keepNodePorts(spec: Record<string, unknown>, old: Record<string, unknown>): void {
  if (!exposesNodePorts(spec) || !exposesNodePorts(old) || !Array.isArray(spec.ports) || !Array.isArray(old.ports)) return;
  const oldPorts = old.ports.map(record);
  for (const port of spec.ports.map(record)) {
    if (port.nodePort !== undefined && port.nodePort !== 0) continue;
    const before = oldPorts.find((o) => o.port === port.port && (o.protocol ?? 'TCP') === port.protocol);
    if (typeof before?.nodePort === 'number') port.nodePort = before.nodePort;
  }
}

function validateService(obj: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  const ports = field(obj, 'spec', 'ports');
  if (field(obj, 'spec', 'type') !== 'ExternalName' && (!Array.isArray(ports) || ports.length === 0)) errs.push(fieldError.required('spec.ports'));
  return errs;
}

export const serviceStrategy = {
  prepareForCreate(obj) {
    const spec = record(obj.spec);
    obj.spec = spec;
    defaultService(spec);
    if (spec.type !== 'ExternalName') {
      if (spec.clusterIP === undefined || spec.clusterIP === '') spec.clusterIP = allocateClusterIp();
      spec.clusterIPs ??= [spec.clusterIP];
    }
    initIpFamilies(spec);
    allocateNodePorts(spec);
    obj.status = { loadBalancer: {} };
  },
  prepareForUpdate(obj, old) {
    const spec = record(obj.spec);
    obj.spec = spec;
    defaultService(spec);
    spec.clusterIP ??= field(old, 'spec', 'clusterIP');
    spec.clusterIPs ??= field(old, 'spec', 'clusterIPs');
    spec.ipFamilyPolicy ??= field(old, 'spec', 'ipFamilyPolicy');
    spec.ipFamilies ??= field(old, 'spec', 'ipFamilies');
    keepNodePorts(spec, record(old.spec));
    allocateNodePorts(spec);
    keepStoredStatus(obj, old);
  },
  validate: validateService,
  validateUpdate: validateService,
} satisfies Strategy;

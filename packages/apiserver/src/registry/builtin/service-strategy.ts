/** Services: type and port defaults, a cluster IP that never changes once given. */
import { fieldError, type FieldError, type KubeObject } from '@dojo/kube-api';
import type { Strategy } from '../strategy.ts';
import { keepStoredStatus } from '../status-strategy.ts';
import { allocateNodePorts, keepNodePorts } from './node-port-allocator.ts';
import { defaultServiceSpec } from './service-defaults.ts';
import { childRecord, field, record } from './unstructured.ts';

/** The service-CIDR allocator (a stand-in for kube-apiserver's): process-wide, never reused. */
let nextClusterIp = 1;

function allocateClusterIp(): string {
  const n = nextClusterIp++;
  return `10.96.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

function validateService(obj: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  const ports = field(obj, 'spec', 'ports');
  if (field(obj, 'spec', 'type') !== 'ExternalName' && (!Array.isArray(ports) || ports.length === 0)) errs.push(fieldError.required('spec.ports'));
  return errs;
}

export const serviceStrategy = {
  prepareForCreate(obj) {
    const spec = childRecord(obj, 'spec');
    spec.type ??= 'ClusterIP';
    spec.sessionAffinity ??= 'None';
    if (spec.clusterIP === undefined && spec.type !== 'ExternalName') {
      spec.clusterIP = allocateClusterIp();
      spec.clusterIPs = [spec.clusterIP];
    }
    if (Array.isArray(spec.ports)) {
      for (const p of spec.ports) {
        const port = record(p);
        port.protocol ??= 'TCP';
        port.targetPort ??= port.port;
      }
    }
    defaultServiceSpec(spec);
    allocateNodePorts(spec);
    obj.status = { loadBalancer: {} };
  },
  prepareForUpdate(obj, old) {
    const spec = childRecord(obj, 'spec');
    spec.clusterIP ??= field(old, 'spec', 'clusterIP');
    spec.clusterIPs ??= field(old, 'spec', 'clusterIPs');
    keepNodePorts(spec, record(old.spec));
    keepStoredStatus(obj, old);
  },
  validate: validateService,
  validateUpdate: validateService,
} satisfies Strategy;

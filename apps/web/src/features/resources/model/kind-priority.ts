/**
 * Which kinds a person opens first, for ranking search results: their operator's own kinds and
 * the workloads they look at every day before the plumbing, and Events (dozens per object,
 * named after it: "alpha.17f3…") after everything. The order within a tier is the table's.
 */
import type { ServedResource } from '@dojo/console-protocol';

/** Kinds Kubernetes itself serves: everything else is an operator's (a CRD's). */
const builtinGroups = new Set([
  '',
  'apps',
  'batch',
  'autoscaling',
  'policy',
  'networking.k8s.io',
  'rbac.authorization.k8s.io',
  'storage.k8s.io',
  'coordination.k8s.io',
  'discovery.k8s.io',
  'events.k8s.io',
  'apiextensions.k8s.io',
  'admissionregistration.k8s.io',
  'apiregistration.k8s.io',
  'scheduling.k8s.io',
  'node.k8s.io',
  'certificates.k8s.io',
  'flowcontrol.apiserver.k8s.io',
  'authentication.k8s.io',
  'authorization.k8s.io',
  'resource.k8s.io',
  'storagemigration.k8s.io',
  'internal.apiserver.k8s.io',
]);

const opened = ['Deployment', 'StatefulSet', 'DaemonSet', 'Pod', 'Service', 'Job', 'CronJob', 'Ingress'];
const looked = [
  'ReplicaSet',
  'Secret',
  'ConfigMap',
  'PersistentVolumeClaim',
  'ServiceAccount',
  'Namespace',
  'Node',
  'HorizontalPodAutoscaler',
  'CustomResourceDefinition',
];
const noise = ['Event', 'Lease', 'EndpointSlice', 'Endpoints', 'ControllerRevision'];

/** Lower opens first: operator kinds 0, everyday workloads 1.x, their plumbing 2.x, other built-ins 3, noise 4.x. */
export function kindPriority(type: Pick<ServedResource, 'group' | 'kind'>): number {
  const at = (list: readonly string[]) => list.indexOf(type.kind) / 100;
  if (!builtinGroups.has(type.group)) return 0;
  if (opened.includes(type.kind)) return 1 + at(opened);
  if (looked.includes(type.kind)) return 2 + at(looked);
  if (noise.includes(type.kind)) return 4 + at(noise);
  return 3;
}

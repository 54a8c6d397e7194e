/**
 * The order in which kube-apiserver lists API groups and their versions in aggregated discovery.
 * The aggregator gives every group version an APIService priority (kube-apiserver's
 * `apiVersionPriorities`, k8s.io/kubernetes v1.37 cmd/kube-apiserver/app/aggregator.go and
 * pkg/controlplane/apiserver/aggregator.go): groups go by their highest group priority, then by
 * name; versions within a group by version priority, then by Kubernetes version order.
 */
import { compareKubeVersions } from '../registry/resource-registry.ts';

interface GroupPriority {
  group: number;
  /** Version priority of each built-in version. */
  versions: Readonly<Record<string, number>>;
}

/** kube-apiserver 1.37's built-in API groups (the served, non-alpha versions). */
const builtinPriorities: Readonly<Record<string, GroupPriority>> = {
  '': { group: 18000, versions: { v1: 1 } },
  apps: { group: 17800, versions: { v1: 15 } },
  'events.k8s.io': { group: 17750, versions: { v1: 15, v1beta1: 5 } },
  'authentication.k8s.io': { group: 17700, versions: { v1: 15, v1beta1: 9 } },
  'authorization.k8s.io': { group: 17600, versions: { v1: 15 } },
  autoscaling: { group: 17500, versions: { v2: 30, v1: 15 } },
  batch: { group: 17400, versions: { v1: 15 } },
  'certificates.k8s.io': { group: 17300, versions: { v1: 15, v1beta1: 9 } },
  'networking.k8s.io': { group: 17200, versions: { v1: 15, v1beta1: 9 } },
  policy: { group: 17100, versions: { v1: 15 } },
  'rbac.authorization.k8s.io': { group: 17000, versions: { v1: 15 } },
  'storage.k8s.io': { group: 16800, versions: { v1: 15, v1beta1: 9 } },
  'apiextensions.k8s.io': { group: 16700, versions: { v1: 15 } },
  'admissionregistration.k8s.io': { group: 16700, versions: { v1: 15, v1beta1: 12 } },
  'scheduling.k8s.io': { group: 16600, versions: { v1: 15 } },
  'coordination.k8s.io': { group: 16500, versions: { v1: 15, v1beta1: 13 } },
  'node.k8s.io': { group: 16300, versions: { v1: 15 } },
  'discovery.k8s.io': { group: 16200, versions: { v1: 15 } },
  'resource.k8s.io': { group: 16200, versions: { v1: 21, v1beta2: 15, v1beta1: 9 } },
  'flowcontrol.apiserver.k8s.io': { group: 16100, versions: { v1: 21, v1beta3: 18 } },
};

/**
 * What the aggregator gives a group version it has no entry for: a CRD's APIService
 * (crdRegistrationController: GroupPriorityMinimum 1000, VersionPriority 100), so CRD groups
 * follow every built-in group and order their versions by Kubernetes version order.
 */
const customResourcePriority = { group: 1000, version: 100 };

const groupPriority = (group: string): number => builtinPriorities[group]?.group ?? customResourcePriority.group;

const versionPriority = (group: string, version: string): number => builtinPriorities[group]?.versions[version] ?? customResourcePriority.version;

/** Groups in discovery order: higher priority first, equal priorities by name. */
export function compareGroups(a: string, b: string): number {
  return groupPriority(b) - groupPriority(a) || (a < b ? -1 : a > b ? 1 : 0);
}

/** A group's versions in discovery order: the first is the preferred version. */
export function compareVersions(group: string, a: string, b: string): number {
  return versionPriority(group, b) - versionPriority(group, a) || compareKubeVersions(a, b);
}

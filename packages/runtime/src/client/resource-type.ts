/**
 * How a client addresses a kind of object: group, version, plural resource name, kind and
 * scope. The built-in table covers what the runtime itself and the simulated cluster use;
 * callers register their own kinds (CRDs) or fill a registry from `discover()`.
 */
import { apiVersionOf, type GroupResource } from '@dojo/kube-api';

export interface ResourceType {
  /** "" for the core group. */
  readonly group: string;
  readonly version: string;
  /** The plural, lower-case name used in URLs ("configmaps"). */
  readonly resource: string;
  readonly kind: string;
  readonly namespaced: boolean;
}

const core = (resource: string, kind: string, namespaced = true): ResourceType => ({ group: '', version: 'v1', resource, kind, namespaced });

export const builtinTypes = {
  namespaces: core('namespaces', 'Namespace', false),
  configMaps: core('configmaps', 'ConfigMap'),
  secrets: core('secrets', 'Secret'),
  pods: core('pods', 'Pod'),
  services: core('services', 'Service'),
  events: core('events', 'Event'),
  serviceAccounts: core('serviceaccounts', 'ServiceAccount'),
  endpoints: core('endpoints', 'Endpoints'),
  deployments: { group: 'apps', version: 'v1', resource: 'deployments', kind: 'Deployment', namespaced: true },
  replicaSets: { group: 'apps', version: 'v1', resource: 'replicasets', kind: 'ReplicaSet', namespaced: true },
  statefulSets: { group: 'apps', version: 'v1', resource: 'statefulsets', kind: 'StatefulSet', namespaced: true },
  daemonSets: { group: 'apps', version: 'v1', resource: 'daemonsets', kind: 'DaemonSet', namespaced: true },
  controllerRevisions: { group: 'apps', version: 'v1', resource: 'controllerrevisions', kind: 'ControllerRevision', namespaced: true },
  persistentVolumeClaims: core('persistentvolumeclaims', 'PersistentVolumeClaim'),
  persistentVolumes: core('persistentvolumes', 'PersistentVolume', false),
  nodes: core('nodes', 'Node', false),
  storageClasses: { group: 'storage.k8s.io', version: 'v1', resource: 'storageclasses', kind: 'StorageClass', namespaced: false },
  jobs: { group: 'batch', version: 'v1', resource: 'jobs', kind: 'Job', namespaced: true },
  cronJobs: { group: 'batch', version: 'v1', resource: 'cronjobs', kind: 'CronJob', namespaced: true },
  endpointSlices: { group: 'discovery.k8s.io', version: 'v1', resource: 'endpointslices', kind: 'EndpointSlice', namespaced: true },
  leases: { group: 'coordination.k8s.io', version: 'v1', resource: 'leases', kind: 'Lease', namespaced: true },
  customResourceDefinitions: {
    group: 'apiextensions.k8s.io',
    version: 'v1',
    resource: 'customresourcedefinitions',
    kind: 'CustomResourceDefinition',
    namespaced: false,
  },
} as const satisfies Record<string, ResourceType>;

/** "v1" or "group/version", as objects of this type carry it. */
export function apiVersionOfType(type: ResourceType): string {
  return apiVersionOf(type);
}

export function groupResourceOf(type: ResourceType): GroupResource {
  return { group: type.group, resource: type.resource };
}

/** "configmaps" or "deployments.apps": the name Kubernetes uses in messages and RBAC. */
export function resourceName(type: ResourceType): string {
  return type.group ? `${type.resource}.${type.group}` : type.resource;
}

/** The URL path of a collection, an object or an object's subresource. */
export function resourcePath(
  type: ResourceType,
  target: { namespace?: string | undefined; name?: string | undefined; subresource?: string | undefined } = {},
): string {
  const root = type.group === '' ? `/api/${type.version}` : `/apis/${type.group}/${type.version}`;
  let path = root;
  if (type.namespaced && target.namespace) path += `/namespaces/${encodeURIComponent(target.namespace)}`;
  path += `/${type.resource}`;
  if (target.name !== undefined) path += `/${encodeURIComponent(target.name)}`;
  if (target.subresource !== undefined) path += `/${target.subresource}`;
  return path;
}

/** Known types, looked up by apiVersion + kind (owner references) or by group + resource. */
export class ResourceTypeRegistry {
  readonly #byKind = new Map<string, ResourceType>();
  readonly #byResource = new Map<string, ResourceType>();

  constructor(types: Iterable<ResourceType> = Object.values(builtinTypes)) {
    this.register(...types);
  }

  /** Adds types; a type registered again under the same version replaces the old entry. */
  register(...types: ResourceType[]): void {
    for (const type of types) {
      this.#byKind.set(`${apiVersionOfType(type)}|${type.kind}`, type);
      this.#byResource.set(`${type.group}|${type.version}|${type.resource}`, type);
    }
  }

  byKind(apiVersion: string, kind: string): ResourceType | undefined {
    return this.#byKind.get(`${apiVersion}|${kind}`);
  }

  byResource(group: string, version: string, resource: string): ResourceType | undefined {
    return this.#byResource.get(`${group}|${version}|${resource}`);
  }

  all(): ResourceType[] {
    return [...this.#byResource.values()];
  }
}

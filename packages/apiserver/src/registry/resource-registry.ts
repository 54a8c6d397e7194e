/**
 * The set of served resources, keyed by group/version/resource. Built-in kinds are added at
 * start; CRDs add and remove theirs while the server runs, and listeners (discovery, OpenAPI)
 * hear about every change.
 */
import type { ResourceInfo } from './resource-info.ts';

const gvrKey = (group: string, version: string, resource: string): string => `${group}/${version}/${resource}`;

/** Built-in groups in the order kube-apiserver lists them; CRD groups follow, sorted. */
const builtinGroupOrder = [
  '',
  'apps',
  'events.k8s.io',
  'authentication.k8s.io',
  'authorization.k8s.io',
  'rbac.authorization.k8s.io',
  'coordination.k8s.io',
  'apiextensions.k8s.io',
  'autoscaling',
  'networking.k8s.io',
  'policy',
  'storage.k8s.io',
  'scheduling.k8s.io',
  'discovery.k8s.io',
];

export interface GroupVersions {
  group: string;
  versions: string[];
  preferredVersion: string;
}

export class ResourceRegistry {
  private readonly resources = new Map<string, ResourceInfo>();
  private readonly listeners = new Set<() => void>();
  private generation = 0;

  /** Changes whenever the served set changes (used as a cache key for discovery/OpenAPI). */
  get version(): number {
    return this.generation;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    this.generation++;
    for (const l of this.listeners) l();
  }

  add(...infos: ResourceInfo[]): void {
    for (const info of infos) this.resources.set(gvrKey(info.group, info.version, info.resource), info);
    this.changed();
  }

  /** Replaces every version of one group+resource in one step (a CRD update). */
  replaceResource(group: string, resource: string, infos: ResourceInfo[]): void {
    for (const [key, info] of this.resources) {
      if (info.group === group && info.resource === resource) this.resources.delete(key);
    }
    for (const info of infos) this.resources.set(gvrKey(info.group, info.version, info.resource), info);
    this.changed();
  }

  lookup(group: string, version: string, resource: string): ResourceInfo | undefined {
    return this.resources.get(gvrKey(group, version, resource));
  }

  /** Any served version of a group+resource (used to resolve owner references, GC, etc.). */
  lookupAnyVersion(group: string, resource: string): ResourceInfo | undefined {
    for (const info of this.resources.values()) if (info.group === group && info.resource === resource) return info;
    return undefined;
  }

  lookupKind(group: string, kind: string): ResourceInfo | undefined {
    for (const info of this.resources.values()) if (info.group === group && info.kind === kind) return info;
    return undefined;
  }

  all(): ResourceInfo[] {
    return [...this.resources.values()];
  }

  resourcesFor(group: string, version: string): ResourceInfo[] {
    return this.all()
      .filter((i) => i.group === group && i.version === version)
      .sort((a, b) => a.resource.localeCompare(b.resource));
  }

  groups(): GroupVersions[] {
    const byGroup = new Map<string, Set<string>>();
    for (const info of this.resources.values()) {
      let versions = byGroup.get(info.group);
      if (!versions) byGroup.set(info.group, (versions = new Set()));
      versions.add(info.version);
    }
    const rank = (g: string): number => {
      const i = builtinGroupOrder.indexOf(g);
      return i < 0 ? builtinGroupOrder.length : i;
    };
    return [...byGroup.entries()]
      .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
      .map(([group, versions]) => {
        const sorted = [...versions].sort(compareKubeVersions);
        return { group, versions: sorted, preferredVersion: sorted[0]! };
      });
  }
}

/** Kubernetes version priority: GA > beta > alpha, higher numbers first (v1 > v1beta2 > v1alpha1). */
export function compareKubeVersions(a: string, b: string): number {
  const parse = (v: string): [number, number, number] | undefined => {
    const m = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(v);
    if (!m) return undefined;
    const stability = m[2] === undefined ? 3 : m[2] === 'beta' ? 2 : 1;
    return [stability, Number(m[1]), Number(m[3] ?? 0)];
  };
  const pa = parse(a);
  const pb = parse(b);
  if (!pa && !pb) return a.localeCompare(b);
  if (!pa) return 1;
  if (!pb) return -1;
  return pb[0] - pa[0] || pb[1] - pa[1] || pb[2] - pa[2];
}

/**
 * Discovery documents for a recording's kinds, as kube-apiserver writes them (`/api`,
 * `/api/v1`, `/apis`, `/apis/<group>/<version>`), so that whoever discovers a cluster — the
 * console's own discovery among them — discovers the recording the same way.
 */
import type { ServedResource } from '@dojo/console-protocol';

export type DiscoveryAnswer = { code: 200; body: unknown } | undefined;

function apiResources(types: readonly ServedResource[], group: string, version: string): unknown {
  const served = types.filter((t) => t.group === group && (t.versions ?? [t.version]).includes(version));
  return {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: group ? `${group}/${version}` : version,
    resources: served.flatMap((t) => [
      {
        name: t.resource,
        singularName: t.kind.toLowerCase(),
        namespaced: t.namespaced,
        kind: t.kind,
        verbs: t.verbs,
        ...(t.shortNames?.length ? { shortNames: t.shortNames } : {}),
        ...(t.categories?.length ? { categories: t.categories } : {}),
      },
      ...(t.subresources ?? []).map((sub) => ({ name: `${t.resource}/${sub}`, singularName: '', namespaced: t.namespaced, kind: t.kind, verbs: ['get'] })),
    ]),
  };
}

function apiGroups(types: readonly ServedResource[]): unknown {
  const groups = new Map<string, string[]>();
  for (const t of types) {
    if (!t.group) continue;
    const versions = groups.get(t.group) ?? [];
    for (const v of t.versions ?? [t.version]) if (!versions.includes(v)) versions.push(v);
    groups.set(t.group, versions);
  }
  return {
    kind: 'APIGroupList',
    apiVersion: 'v1',
    groups: [...groups].map(([name, versions]) => ({
      name,
      versions: versions.map((version) => ({ groupVersion: `${name}/${version}`, version })),
      preferredVersion: { groupVersion: `${name}/${versions[0]!}`, version: versions[0]! },
    })),
  };
}

/** The document at `path`, or undefined when `path` is not a discovery path. */
export function discoveryDocument(types: readonly ServedResource[], path: string): DiscoveryAnswer {
  const segments = path.split('?')[0]!.split('/').filter(Boolean);
  if (segments.length === 1 && segments[0] === 'api') return { code: 200, body: { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [] } };
  if (segments.length === 1 && segments[0] === 'apis') return { code: 200, body: apiGroups(types) };
  if (segments.length === 2 && segments[0] === 'api') return { code: 200, body: apiResources(types, '', segments[1]!) };
  if (segments.length === 3 && segments[0] === 'apis') return { code: 200, body: apiResources(types, segments[1]!, segments[2]!) };
  return undefined;
}

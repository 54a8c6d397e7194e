/**
 * The API kube-apiserver 1.37 serves and the embedded server does not, on purpose: groups and
 * kinds outside what it promises (docs/kubernetes.md, "What it serves") — certificates, API
 * priority and fairness, node runtime classes, dynamic resource allocation, the storage version
 * migrator, the aggregator's APIServices, the legacy ReplicationController and PodTemplate, CSI
 * objects, service CIDRs — and the pod, node and service subresources that need a kubelet or a
 * scheduler (exec, attach, port-forward, proxy, binding, eviction, resize, ephemeral containers).
 *
 * Discovery steps drop these from BOTH servers' answers, so that everything else in the same
 * documents stays compared, and then name what they dropped: the drop list is the one
 * intended difference of such a step (known-differences-more.ts).
 */

/** API groups the embedded server does not serve at all. */
export const unservedGroups: readonly string[] = [
  'apiregistration.k8s.io',
  'certificates.k8s.io',
  'flowcontrol.apiserver.k8s.io',
  'node.k8s.io',
  'resource.k8s.io',
  'storagemigration.k8s.io',
];

/** Resources and subresources of served group versions that it does not serve, by group version. */
export const unservedResources: Readonly<Record<string, readonly string[]>> = {
  v1: [
    'bindings',
    'componentstatuses',
    'podtemplates',
    'replicationcontrollers',
    'replicationcontrollers/scale',
    'replicationcontrollers/status',
    'nodes/proxy',
    'pods/attach',
    'pods/binding',
    'pods/ephemeralcontainers',
    'pods/eviction',
    'pods/exec',
    'pods/portforward',
    'pods/proxy',
    'pods/resize',
    'services/proxy',
  ],
  'networking.k8s.io/v1': ['ipaddresses', 'servicecidrs', 'servicecidrs/status'],
  'storage.k8s.io/v1': [
    'csidrivers',
    'csinodes',
    'csinodes/status',
    'csistoragecapacities',
    'volumeattachments',
    'volumeattachments/status',
    'volumeattributesclasses',
  ],
};

const groupOfGroupVersion = (groupVersion: string): string => (groupVersion.includes('/') ? groupVersion.split('/')[0]! : '');

const isUnservedResource = (groupVersion: string, resource: string): boolean =>
  unservedGroups.includes(groupOfGroupVersion(groupVersion)) || (unservedResources[groupVersion] ?? []).includes(resource);

type Json = Record<string, unknown>;
const objects = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

/** A discovery document without the unserved API, and the names of what was taken out. */
export interface WithoutUnserved {
  body: unknown;
  dropped: string[];
}

/**
 * Drops unserved groups and resources from an APIGroupList, an APIGroupDiscoveryList (v2) or an
 * APIResourceList; any other body is returned as it is.
 */
export function withoutUnserved(body: unknown): WithoutUnserved {
  const dropped: string[] = [];
  if (body === null || typeof body !== 'object') return { body, dropped };
  const doc = body as Json;
  if (doc.kind === 'APIGroupList') {
    const groups = objects(doc.groups).filter((g) => !(unservedGroups.includes(String(g.name)) && dropped.push(String(g.name))));
    return { body: { ...doc, groups }, dropped };
  }
  if (doc.kind === 'APIGroupDiscoveryList') {
    const items = objects(doc.items)
      .filter((g) => {
        const name = String((g.metadata as Json | undefined)?.name ?? '');
        return !(unservedGroups.includes(name) && dropped.push(name));
      })
      .map((g) => {
        const group = String((g.metadata as Json | undefined)?.name ?? '');
        const versions = objects(g.versions).map((v) => {
          const groupVersion = group ? `${group}/${String(v.version)}` : String(v.version);
          const resources = objects(v.resources)
            .filter((r) => !(isUnservedResource(groupVersion, String(r.resource)) && dropped.push(`${groupVersion} ${String(r.resource)}`)))
            .map((r) => {
              if (!Array.isArray(r.subresources)) return r;
              const subresources = objects(r.subresources).filter((s) => {
                const path = `${String(r.resource)}/${String(s.subresource)}`;
                return !(isUnservedResource(groupVersion, path) && dropped.push(`${groupVersion} ${path}`));
              });
              return { ...r, subresources };
            });
          return { ...v, resources };
        });
        return { ...g, versions };
      });
    return { body: { ...doc, items }, dropped };
  }
  if (doc.kind === 'APIResourceList') {
    const groupVersion = String(doc.groupVersion);
    const resources = objects(doc.resources).filter(
      (r) => !(isUnservedResource(groupVersion, String(r.name)) && dropped.push(`${groupVersion} ${String(r.name)}`)),
    );
    return { body: { ...doc, resources }, dropped };
  }
  return { body, dropped };
}

/** OpenAPI v3 index paths (`apis/<group>[/<version>]`) without those of unserved groups. */
export function openApiPathsWithoutUnserved(paths: string[]): WithoutUnserved {
  const dropped: string[] = [];
  const kept = paths.filter((path) => {
    const group = /^apis\/([^/]+)/.exec(path)?.[1];
    return !(group !== undefined && unservedGroups.includes(group) && dropped.push(path));
  });
  return { body: kept, dropped };
}

/** The line a step adds after its answer: what it dropped (nothing, on the embedded server). */
export const droppedLine = (dropped: string[]): string => `dropped as not served by the embedded server: ${dropped.length ? dropped.join(', ') : '(nothing)'}`;

const apiVersionToken = /^(?:[a-z0-9.-]+\/)?v\d+(?:(?:alpha|beta)\d+)?$/;

/**
 * `kubectl api-resources` / `api-versions` output without the unserved rows: a row's resource
 * is its first column, its group version the column shaped like one. Runs of spaces become one,
 * since kubectl sizes its columns by the longest cell, which may be in a dropped row.
 */
export function kubectlRowsWithoutUnserved(stdout: string): WithoutUnserved {
  const dropped: string[] = [];
  const kept = stdout.split('\n').filter((line) => {
    const cells = line.trim().split(/\s+/);
    const groupVersion = cells.find((cell) => apiVersionToken.test(cell));
    if (groupVersion === undefined) {
      // `-o name`: "resource.group", or a core resource's bare name.
      const name = /^([a-z0-9]+)(?:\.(.+))?$/.exec(line.trim());
      if (!name || cells.length !== 1) return true;
      const [, resource, group] = name;
      const unserved = group
        ? unservedGroups.includes(group) ||
          Object.entries(unservedResources).some(([gv, names]) => groupOfGroupVersion(gv) === group && names.includes(resource!))
        : unservedResources.v1!.includes(resource!);
      return !(unserved && dropped.push(line.trim()));
    }
    const resource = cells.length === 1 ? '' : cells[0]!;
    const unserved = cells.length === 1 ? unservedGroups.includes(groupOfGroupVersion(groupVersion)) : isUnservedResource(groupVersion, resource);
    return !(unserved && dropped.push(cells.length === 1 ? groupVersion : `${groupVersion} ${resource}`));
  });
  return { body: kept.map((line) => line.replace(/ {2,}/g, ' ').trimEnd()).join('\n'), dropped };
}

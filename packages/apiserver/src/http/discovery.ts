/** Legacy discovery documents: /api, /apis, /apis/{group}, /api(s)/.../{version}. */
import { newStatusError } from '@dojo/kube-api';
import type { ResourceInfo } from '../registry/resource-info.ts';
import type { GroupVersions, ResourceRegistry } from '../registry/resource-registry.ts';
import { compareGroups, compareVersions } from './api-group-priorities.ts';
import { storageVersionHash } from './storage-version-hash.ts';

/**
 * A group's versions in the aggregator's order (api-group-priorities.ts): the first is the one
 * it prefers, the same in the legacy and the aggregated documents.
 */
function groupDocument(g: GroupVersions): Record<string, unknown> {
  const gv = (v: string) => ({ groupVersion: `${g.group}/${v}`, version: v });
  const versions = [...g.versions].sort((a, b) => compareVersions(g.group, a, b));
  return { name: g.group, versions: versions.map(gv), preferredVersion: gv(versions[0]!) };
}

/** `/api`: kube names its own address and secure port for every client network. */
export function apiVersions(serverPort: number | undefined): Record<string, unknown> {
  const serverAddress = serverPort === undefined ? '127.0.0.1' : `127.0.0.1:${serverPort}`;
  return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }] };
}

/** `/apis`: the named groups in the aggregator's order, as the aggregated document lists them. */
export function apiGroupList(registry: ResourceRegistry): Record<string, unknown> {
  const groups = registry
    .groups()
    .filter((g) => g.group !== '')
    .sort((a, b) => compareGroups(a.group, b.group));
  return { kind: 'APIGroupList', apiVersion: 'v1', groups: groups.map(groupDocument) };
}

/** True when some served resource (built-in or CRD) is in `group`. */
export function servesGroup(registry: ResourceRegistry, group: string): boolean {
  return registry.groups().some((g) => g.group === group);
}

/** `/apis/{group}` of a served group (the caller answers kube's plain 404 page for any other). */
export function apiGroup(registry: ResourceRegistry, group: string): Record<string, unknown> {
  const g = registry.groups().find((x) => x.group === group && group !== '');
  if (!g) throw newStatusError(404, 'NotFound', 'the server could not find the requested resource', {});
  return { kind: 'APIGroup', apiVersion: 'v1', ...groupDocument(g) };
}

/** A subresource as discovery names it: the kind it answers with (Scale is autoscaling/v1's) and its verbs. */
export interface ServedSubresource {
  name: 'status' | 'scale' | 'finalize' | 'token' | 'log';
  kind: string;
  verbs: string[];
  /** Only for a kind outside the resource's own group version. */
  group?: string;
  version?: string;
}

export function servedSubresources(info: ResourceInfo): ServedSubresource[] {
  const served: ServedSubresource[] = [];
  // Before status, as kube-apiserver lists pods' subresources (by name).
  if (info.subresources.log) served.push({ name: 'log', kind: info.kind, verbs: ['get'] });
  if (info.subresources.status) served.push({ name: 'status', kind: info.kind, verbs: ['get', 'patch', 'update'] });
  if (info.subresources.scale) served.push({ name: 'scale', kind: 'Scale', verbs: ['get', 'patch', 'update'], group: 'autoscaling', version: 'v1' });
  if (info.subresources.finalize) served.push({ name: 'finalize', kind: info.kind, verbs: ['update'] });
  if (info.subresources.token) served.push({ name: 'token', kind: 'TokenRequest', verbs: ['create'], group: 'authentication.k8s.io', version: 'v1' });
  return served;
}

function resourceEntries(info: ResourceInfo): Record<string, unknown>[] {
  const main: Record<string, unknown> = {
    name: info.resource,
    singularName: info.singular,
    namespaced: info.namespaced,
    kind: info.kind,
    verbs: info.verbs,
  };
  if (info.shortNames.length) main.shortNames = info.shortNames;
  if (info.categories.length) main.categories = info.categories;
  // Never-stored resources (the reviews) have no storage version to hash.
  const stored = info.kubeStorage ?? { group: info.group, version: info.storageVersion };
  if (!info.createOnly) main.storageVersionHash = storageVersionHash(stored.group, stored.version, info.kind);
  const subresources = servedSubresources(info).map((sub) => {
    const e: Record<string, unknown> = {
      name: `${info.resource}/${sub.name}`,
      singularName: '',
      namespaced: info.namespaced,
      kind: sub.kind,
      verbs: sub.verbs,
    };
    if (sub.group !== undefined) e.group = sub.group;
    if (sub.version !== undefined) e.version = sub.version;
    return e;
  });
  return [main, ...subresources];
}

/** kube's APIInstaller registers a group version's paths sorted by name, subresources among them. */
const byName = (a: Record<string, unknown>, b: Record<string, unknown>): number =>
  String(a.name) < String(b.name) ? -1 : String(a.name) > String(b.name) ? 1 : 0;

export function apiResourceList(registry: ResourceRegistry, group: string, version: string): Record<string, unknown> {
  const infos = registry.resourcesFor(group, version);
  if (infos.length === 0) throw newStatusError(404, 'NotFound', 'the server could not find the requested resource', {});
  return {
    kind: 'APIResourceList',
    // kube's legacy /api/v1 list carries no apiVersion (its core group installer leaves it out).
    ...(group ? { apiVersion: 'v1' } : {}),
    groupVersion: group ? `${group}/${version}` : version,
    resources: infos.flatMap(resourceEntries).sort(byName),
  };
}

/** Legacy discovery documents: /api, /apis, /apis/{group}, /api(s)/.../{version}. */
import { newStatusError } from '@dojo/kube-api';
import type { ResourceInfo } from '../registry/resource-info.ts';
import type { GroupVersions, ResourceRegistry } from '../registry/resource-registry.ts';

const serverAddress = [{ clientCIDR: '0.0.0.0/0', serverAddress: '127.0.0.1' }];

function groupDocument(g: GroupVersions): Record<string, unknown> {
  const gv = (v: string) => ({ groupVersion: `${g.group}/${v}`, version: v });
  return { name: g.group, versions: g.versions.map(gv), preferredVersion: gv(g.preferredVersion) };
}

export function apiVersions(): Record<string, unknown> {
  return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: serverAddress };
}

export function apiGroupList(registry: ResourceRegistry): Record<string, unknown> {
  return { kind: 'APIGroupList', apiVersion: 'v1', groups: registry.groups().filter((g) => g.group !== '').map(groupDocument) };
}

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
  if (!info.createOnly) main.storageVersionHash = Buffer.from(`${info.group}/${info.storageVersion}/${info.kind}`).toString('base64').slice(0, 11);
  const subresources = servedSubresources(info).map((sub) => {
    const e: Record<string, unknown> = { name: `${info.resource}/${sub.name}`, singularName: '', namespaced: info.namespaced, kind: sub.kind, verbs: sub.verbs };
    if (sub.group !== undefined) e.group = sub.group;
    if (sub.version !== undefined) e.version = sub.version;
    return e;
  });
  return [main, ...subresources];
}

export function apiResourceList(registry: ResourceRegistry, group: string, version: string): Record<string, unknown> {
  const infos = registry.resourcesFor(group, version);
  if (infos.length === 0) throw newStatusError(404, 'NotFound', 'the server could not find the requested resource', {});
  return {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: group ? `${group}/${version}` : version,
    resources: infos.flatMap(resourceEntries),
  };
}

/**
 * Kubernetes REST paths behind the console's `/api/kube` proxy. The core group is "" in
 * Kubernetes and "core" in the console's own URLs (`/api/schema/core/v1/Secret`).
 */
import type { GroupVersionResource } from '@dojo/kube-api';

export interface ObjectLocation {
  namespace?: string;
  name?: string;
  subresource?: string;
}

export function kubePath(gvr: GroupVersionResource, location: ObjectLocation = {}): `/api/kube/${string}` {
  const base: `/api/kube/${string}` = gvr.group === '' ? `/api/kube/api/${gvr.version}` : `/api/kube/apis/${gvr.group}/${gvr.version}`;
  let path = '';
  if (location.namespace) path += `/namespaces/${encodeURIComponent(location.namespace)}`;
  path += `/${gvr.resource}`;
  if (location.name) path += `/${encodeURIComponent(location.name)}`;
  if (location.name && location.subresource) path += `/${location.subresource}`;
  return `${base}${path}`;
}

/** The group as the console writes it in URLs: "core" for the core group. */
export function urlGroup(group: string): string {
  return group === '' ? 'core' : group;
}

export function groupFromUrl(segment: string): string {
  return segment === 'core' ? '' : segment;
}

export function gvrId(gvr: GroupVersionResource): string {
  return `${urlGroup(gvr.group)}/${gvr.version}/${gvr.resource}`;
}

/**
 * The kinds the cluster serves (discovery), each at its preferred version with every version
 * that serves it, for navigation, forms and pickers.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupVersionResource } from '@dojo/kube-api';
import type { ServedResource } from '@dojo/console-protocol';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { servedVersions } from '../model/kind-versions.ts';

export const resourceTypesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.resourceTypes(),
    queryFn: async ({ signal }) => (await consoleRequest('GET /api/resources', { signal })).resources,
    staleTime: 60_000,
  });

export function useResourceTypes() {
  return useQuery(resourceTypesQueryOptions());
}

/**
 * The kind behind a URL's group, version and resource, at the URL's version when the cluster
 * serves the kind there (a CRD's other served version shows the same objects, converted); at
 * its preferred version when it does not, so a link written from an older apiVersion still
 * opens the kind.
 */
export function findResourceType(types: readonly ServedResource[] | undefined, gvr: GroupVersionResource): ServedResource | undefined {
  const type =
    types?.find((t) => t.group === gvr.group && t.resource === gvr.resource && t.version === gvr.version) ??
    types?.find((t) => t.group === gvr.group && t.resource === gvr.resource);
  if (!type || type.version === gvr.version || !servedVersions(type).includes(gvr.version)) return type;
  return { ...type, version: gvr.version };
}

export function findKind(types: readonly ServedResource[] | undefined, group: string, kind: string): ServedResource | undefined {
  return types?.find((t) => t.group === group && t.kind === kind);
}

export function canList(type: ServedResource): boolean {
  return type.verbs.includes('list') && type.verbs.includes('watch');
}

/** The kinds the cluster serves (discovery, preferred versions), for navigation, forms and pickers. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupVersionResource } from '@dojo/kube-api';
import { apiRequest } from '../../../lib/api-client.ts';
import type { ResourceType } from '../../../lib/protocol.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const resourceTypesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.resourceTypes(),
    queryFn: async ({ signal }) => (await apiRequest<{ resources: ResourceType[] }>('/api/resources', { signal })).resources,
    staleTime: 60_000,
  });

export function useResourceTypes() {
  return useQuery(resourceTypesQueryOptions());
}

export function findResourceType(types: readonly ResourceType[] | undefined, gvr: GroupVersionResource): ResourceType | undefined {
  return types?.find((t) => t.group === gvr.group && t.resource === gvr.resource && t.version === gvr.version) ??
    types?.find((t) => t.group === gvr.group && t.resource === gvr.resource);
}

export function findKind(types: readonly ResourceType[] | undefined, group: string, kind: string): ResourceType | undefined {
  return types?.find((t) => t.group === group && t.kind === kind);
}

export function canList(type: ResourceType): boolean {
  return type.verbs.includes('list') && type.verbs.includes('watch');
}

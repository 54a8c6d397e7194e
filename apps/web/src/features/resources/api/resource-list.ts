/** A live list of one kind (in one namespace or all, optionally by label selector): LIST over HTTP, then a watch from its RV. */
import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupVersionResource, KubeList, KubeObject } from '@dojo/kube-api';
import { apiRequest } from '../../../lib/api-client.ts';
import { kubePath } from '../../../lib/kube-paths.ts';
import { useLiveSocket } from '../../../lib/live-socket-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { retainListWatch, type ListScope } from './live-watches.ts';

export const resourceListQueryOptions = (gvr: GroupVersionResource, namespace?: string, labelSelector?: string) =>
  queryOptions({
    queryKey: queryKeys.resources.list(gvr, namespace, labelSelector),
    queryFn: ({ signal }) => apiRequest<KubeList>(kubePath(gvr, namespace ? { namespace } : {}), { signal, query: { labelSelector } }),
    // The watch keeps the list current; refetching would only race it.
    staleTime: Infinity,
    // applyWatchEvents already keeps unchanged objects; a deep compare per batch would only cost.
    structuralSharing: false,
  });

export function useResourceList(gvr: GroupVersionResource | undefined, namespace?: string, options: { enabled?: boolean; labelSelector?: string | undefined } = {}) {
  const socket = useLiveSocket();
  const queryClient = useQueryClient();
  const enabled = gvr !== undefined && (options.enabled ?? true);
  const labelSelector = options.labelSelector || undefined;
  const placeholder = { group: '', version: 'v1', resource: 'none' };
  const query = useQuery({ ...resourceListQueryOptions(gvr ?? placeholder, namespace, labelSelector), enabled });
  const listed = query.isSuccess;
  const group = gvr?.group;
  const version = gvr?.version;
  const resource = gvr?.resource;
  useEffect(() => {
    if (!listed || group === undefined || version === undefined || resource === undefined) return;
    const target = { group, version, resource };
    const scope: ListScope = { namespace, labelSelector };
    return retainListWatch(socket, queryClient, queryKeys.resources.list(target, namespace, labelSelector), target, scope);
  }, [listed, socket, queryClient, group, version, resource, namespace, labelSelector]);
  return query;
}

/** One object out of its kind's live list: live without a watch of its own. */
export function useResourceObject(gvr: GroupVersionResource, namespace: string | undefined, name: string) {
  const list = useResourceList(gvr, namespace);
  const object: KubeObject | undefined = list.data?.items.find((item) => item.metadata.name === name);
  return { ...list, object };
}

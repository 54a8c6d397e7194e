/**
 * A live list of one kind (in one namespace or all, optionally by label selector): LIST over
 * HTTP in pages (list-pages.ts: the first page is in the cache, and on screen, while the rest
 * are read), then, once every page is in, a watch from the list's RV.
 */
import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupVersionResource, KubeList, KubeObject } from '@dojo/kube-api';
import { apiRequest } from '../../../lib/api-client.ts';
import { kubePath } from '../../../lib/kube-paths.ts';
import { useLiveSocket } from '../../../lib/live-socket-context.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { appendListPage, isComplete, listPageSize, readRemainingPages } from './list-pages.ts';
import { retainListWatch, type ListScope } from './live-watches.ts';

export const resourceListQueryOptions = (gvr: GroupVersionResource, namespace?: string, labelSelector?: string) =>
  queryOptions({
    queryKey: queryKeys.resources.list(gvr, namespace, labelSelector),
    queryFn: async ({ signal, client, queryKey }): Promise<KubeList> => {
      const path = kubePath(gvr, namespace ? { namespace } : {});
      const page = (token?: string) => apiRequest<KubeList>(path, { signal, query: { labelSelector, limit: listPageSize, continue: token } });
      const first = await page();
      if (isComplete(first)) return first;
      // Shown while the other pages are read; the query is still fetching until the last one.
      client.setQueryData(queryKey, first);
      await readRemainingPages(first, page, (next) => client.setQueryData<KubeList>(queryKey, (list) => appendListPage(list ?? first, next)), signal);
      return client.getQueryData<KubeList>(queryKey) ?? first;
    },
    // The watch keeps the list current; refetching would only race it.
    staleTime: Infinity,
    // applyWatchEvents already keeps unchanged objects; a deep compare per batch would only cost.
    structuralSharing: false,
  });

export function useResourceList(
  gvr: GroupVersionResource | undefined,
  namespace?: string,
  options: { enabled?: boolean; labelSelector?: string | undefined } = {},
) {
  const socket = useLiveSocket();
  const queryClient = useQueryClient();
  const enabled = gvr !== undefined && (options.enabled ?? true);
  const labelSelector = options.labelSelector || undefined;
  const placeholder = { group: '', version: 'v1', resource: 'none' };
  const query = useQuery({ ...resourceListQueryOptions(gvr ?? placeholder, namespace, labelSelector), enabled });
  // The watch starts from the list's RV once every page is in (events before would be lost).
  const listed = query.isSuccess && isComplete(query.data);
  const stalled = query.isSuccess && !isComplete(query.data) && !query.isFetching;
  const group = gvr?.group;
  const version = gvr?.version;
  const resource = gvr?.resource;
  useEffect(() => {
    if (!listed || group === undefined || version === undefined || resource === undefined) return;
    const target = { group, version, resource };
    const scope: ListScope = { namespace, labelSelector };
    return retainListWatch(socket, queryClient, queryKeys.resources.list(target, namespace, labelSelector), target, scope);
  }, [listed, socket, queryClient, group, version, resource, namespace, labelSelector]);
  // A read of the pages that stopped part way (the last viewer left) starts again from the first page.
  const { refetch } = query;
  useEffect(() => {
    if (stalled) void refetch();
  }, [stalled, refetch]);
  return query;
}

/** One object out of its kind's live list: live without a watch of its own. Pending until found or every page is in. */
export function useResourceObject(gvr: GroupVersionResource, namespace: string | undefined, name: string) {
  const list = useResourceList(gvr, namespace);
  const object: KubeObject | undefined = list.data?.items.find((item) => item.metadata.name === name);
  return { ...list, object, isPending: list.isPending || (!object && !list.error && !isComplete(list.data)) };
}

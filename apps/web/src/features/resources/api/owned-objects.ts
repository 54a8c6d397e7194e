/**
 * Everything in a namespace that could be owned by an object, for its owner tree. Owner
 * references never cross namespaces (a namespaced owner owns only objects in its namespace),
 * so one LIST per namespaced kind in that namespace is enough. Refreshed every few seconds.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KubeList } from '@dojo/kube-api';
import type { ServedResource } from '@dojo/console-protocol';
import { apiRequest } from '../../../lib/api-client.ts';
import { kubePath } from '../../../lib/kube-paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Typed } from '../model/owner-tree.ts';

const skipped = new Set(['events', 'leases', 'endpoints', 'endpointslices', 'controllerrevisions']);

export const ownedObjectsQueryOptions = (namespace: string, uid: string, types: readonly ServedResource[]) =>
  queryOptions({
    queryKey: queryKeys.ownedObjects(namespace, uid),
    queryFn: async ({ signal }): Promise<Typed<ServedResource>[]> => {
      const kinds = types.filter((t) => t.namespaced && t.verbs.includes('list') && !skipped.has(t.resource) && !t.resource.includes('/'));
      const lists = await Promise.allSettled(kinds.map((t) => apiRequest<KubeList>(kubePath(t, { namespace }), { signal })));
      return lists.flatMap((result, i) =>
        result.status === 'fulfilled'
          ? result.value.items.map((object) => ({ object: { ...object, kind: object.kind ?? kinds[i]!.kind }, type: kinds[i]! }))
          : [],
      );
    },
    refetchInterval: 5_000,
  });

export function useOwnedObjects(namespace: string | undefined, uid: string | undefined, types: readonly ServedResource[] | undefined) {
  return useQuery({
    ...ownedObjectsQueryOptions(namespace ?? '', uid ?? '', types ?? []),
    enabled: Boolean(namespace && uid && types),
  });
}

/**
 * One object's writes that went through admission webhooks or policies, newest first: the
 * request log (GET /api/requests) asked for this object's writes that carry admission records
 * (by uid, and by namespace + name for the refused creates that never had one; endpoints.ts).
 * Dry runs are asked for apart (`dryRun=false` / `dryRun=true`), each with its own page: a form
 * dry-runs its draft as a person types, and those would otherwise fill the page and push the
 * real writes out. A history search that stops early says so (`searchedBackTo`); the next page
 * starts there ("look further back"). Polled while the tab is open: a write a moment ago shows
 * up without a reload.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { identityKey, type ObjectIdentity } from '@dojo/kube-api';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { admittedWritesIn, type AdmittedWritesPage } from '../model/object-admission.ts';

/** The newest writes a page holds; older ones are on the next page, or in the request log. */
export const writesPerPage = 50;

/** `resource`: the URL's plural of the object's kind, which the request log names writes by. `dryRun`: the dry runs only, or none of them. */
export const objectAdmissionQueryOptions = (identity: ObjectIdentity, resource: string, dryRun: boolean) =>
  infiniteQueryOptions({
    queryKey: queryKeys.admission.object(identityKey(identity), identity.uid, dryRun),
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ signal, pageParam }): Promise<AdmittedWritesPage> => {
      const page = await consoleRequest('GET /api/requests', {
        signal,
        query: {
          ...(identity.uid ? { uid: identity.uid } : {}),
          ...(identity.namespace ? { namespace: identity.namespace } : {}),
          name: identity.name,
          resource,
          group: identity.group,
          admission: true,
          dryRun,
          newest: true,
          limit: writesPerPage,
          ...(pageParam !== undefined ? { beforeSeq: pageParam } : {}),
        },
      });
      return { writes: admittedWritesIn(page.records), searchedBackTo: page.searchedBackTo };
    },
    // Only a search that stopped early has more to look at: a full page is "the latest 50".
    getNextPageParam: (last) => last.searchedBackTo,
    refetchInterval: 3000,
  });

export function useObjectAdmission(identity: ObjectIdentity, resource: string, dryRun: boolean, enabled = true) {
  return useInfiniteQuery({ ...objectAdmissionQueryOptions(identity, resource, dryRun), enabled });
}

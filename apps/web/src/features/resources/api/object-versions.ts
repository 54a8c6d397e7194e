/**
 * One object's versions as the console's backend recorded them from its watch (GET
 * /api/history/versions): every version since history became complete, with the backend's
 * receive time, the writer and what changed. They survive reloads and console restarts; a
 * new version of the object on screen refetches the list.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { identityKey, type ObjectIdentity } from '@dojo/kube-api';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useRefetchOnChange } from '../../../lib/use-refetch-on-change.ts';

export const objectVersionsQueryOptions = (identity: ObjectIdentity) =>
  queryOptions({
    queryKey: queryKeys.objectVersions(identityKey(identity), identity.uid),
    queryFn: ({ signal }) =>
      consoleRequest('GET /api/history/versions', {
        query: { object: identityKey(identity), ...(identity.uid ? { uid: identity.uid } : {}), limit: 500 },
        signal,
      }),
    // The backend records a version when its own watch delivers it, a moment after the page's.
    refetchInterval: 5_000,
  });

/** The recorded versions of the object, oldest first; refetched when `resourceVersion` (the one on screen) moves. */
export function useObjectVersions(identity: ObjectIdentity, resourceVersion: string | undefined) {
  const options = objectVersionsQueryOptions(identity);
  useRefetchOnChange(options.queryKey, resourceVersion);
  return useQuery(options);
}

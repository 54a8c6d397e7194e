/**
 * One object's field history by writer (GET /api/history/fields): built by the backend from
 * the versions it recorded; refetched when the object on screen moves.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { identityKey, type ObjectIdentity } from '@dojo/kube-api';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useRefetchOnChange } from '../../../lib/use-refetch-on-change.ts';

export const fieldHistoryQueryOptions = (identity: ObjectIdentity) =>
  queryOptions({
    queryKey: queryKeys.fieldHistory(identityKey(identity), identity.uid),
    queryFn: ({ signal }) =>
      consoleRequest('GET /api/history/fields', { query: { object: identityKey(identity), ...(identity.uid ? { uid: identity.uid } : {}) }, signal }),
    // The backend records a version when its own watch delivers it, a moment after the page's.
    refetchInterval: 5_000,
    placeholderData: keepPreviousData,
  });

export function useFieldHistory(identity: ObjectIdentity, resourceVersion: string | undefined) {
  const options = fieldHistoryQueryOptions(identity);
  useRefetchOnChange(options.queryKey, resourceVersion);
  return useQuery(options);
}

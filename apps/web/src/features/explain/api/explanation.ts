/**
 * "Why is this not ready?" for one object (GET /api/explain): its ranked blockers, recomputed
 * by the backend from the caches, the queues and the recorded history. Refetched when the
 * object on screen moves, and every few seconds for what moves without it (a queue, a child).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { identityKey, type ObjectIdentity } from '@dojo/kube-api';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useRefetchOnChange } from '../../../lib/use-refetch-on-change.ts';

export const explanationQueryOptions = (identity: ObjectIdentity) =>
  queryOptions({
    queryKey: queryKeys.explanation(identityKey(identity), identity.uid),
    queryFn: ({ signal }) =>
      consoleRequest('GET /api/explain', { query: { object: identityKey(identity), ...(identity.uid ? { uid: identity.uid } : {}) }, signal }),
    refetchInterval: 3_000,
    placeholderData: keepPreviousData,
  });

export function useExplanation(identity: ObjectIdentity, resourceVersion: string | undefined) {
  const options = explanationQueryOptions(identity);
  useRefetchOnChange(options.queryKey, resourceVersion);
  return useQuery(options);
}

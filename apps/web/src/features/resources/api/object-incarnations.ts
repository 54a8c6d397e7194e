/**
 * Every incarnation (uid) an object name had, as the console's history recorded them (GET
 * /api/history/incarnations), newest first, each deletion with when and by whom: what a page
 * shows for a name whose object is gone.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ObjectIncarnation } from '@dojo/console-protocol';
import { identityKey, type ObjectIdentity } from '@dojo/kube-api';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const objectIncarnationsQueryOptions = (identity: ObjectIdentity) =>
  queryOptions({
    queryKey: queryKeys.objectIncarnations(identityKey(identity)),
    queryFn: ({ signal }) => consoleRequest('GET /api/history/incarnations', { query: { object: identityKey(identity) }, signal }),
    // The backend records a deletion when its own watch delivers it, a moment after the page saw the object go.
    refetchInterval: 5_000,
  });

export function useObjectIncarnations(identity: ObjectIdentity, enabled: boolean) {
  return useQuery({ ...objectIncarnationsQueryOptions(identity), enabled });
}

/** The incarnation a page shows: the one its URL names, else the newest deleted one. */
export function shownIncarnation(incarnations: readonly ObjectIncarnation[], uid: string | undefined): ObjectIncarnation | undefined {
  return (uid ? incarnations.find((i) => i.uid === uid) : undefined) ?? incarnations.find((i) => i.deleted) ?? incarnations[0];
}

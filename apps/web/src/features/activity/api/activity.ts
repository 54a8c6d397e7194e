/**
 * What every client of the API server does, from the console's request journal: GET
 * /api/activity once a second while a view shows it (clients, watches, hot loops, the state of
 * the journal feed). One query for every view that asks.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const activityQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.activity(),
    queryFn: ({ signal }) => consoleRequest('GET /api/activity', { signal }),
    refetchInterval: 1000,
    staleTime: 500,
  });

export function useActivity() {
  return useQuery(activityQueryOptions());
}

/** How stale one client's view is, per resource, and its writes on a stale view (`GET /api/clients/:name/staleness`). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const clientStalenessQueryOptions = (client: string) =>
  queryOptions({
    queryKey: queryKeys.clients.staleness(client),
    queryFn: ({ signal }) => consoleRequest('GET /api/clients/:name/staleness', { params: { name: client }, signal }),
    refetchInterval: 1000,
    staleTime: 500,
  });

export function useClientStaleness(client: string) {
  return useQuery(clientStalenessQueryOptions(client));
}

/** How stale one client's view is, per resource, and its writes on a stale view (`GET /api/clients/:name/staleness`). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientStalenessAnswer } from '@dojo/console-protocol';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const clientStalenessQueryOptions = (client: string) =>
  queryOptions({
    queryKey: queryKeys.clients.staleness(client),
    queryFn: ({ signal }) => apiRequest<ClientStalenessAnswer>(`/api/clients/${encodeURIComponent(client)}/staleness`, { signal }),
    refetchInterval: 1000,
    staleTime: 500,
  });

export function useClientStaleness(client: string) {
  return useQuery(clientStalenessQueryOptions(client));
}

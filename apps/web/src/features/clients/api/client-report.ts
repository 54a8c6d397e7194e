/** One client's report card (`GET /api/clients/:name/report`), rebuilt by the server from what it did. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientReportCard } from '@dojo/console-protocol';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const clientReportQueryOptions = (client: string) =>
  queryOptions({
    queryKey: queryKeys.clients.report(client),
    queryFn: ({ signal }) => apiRequest<ClientReportCard>(`/api/clients/${encodeURIComponent(client)}/report`, { signal }),
    // The server reads the whole request log for it: every few seconds is live enough for habits.
    refetchInterval: 5000,
    staleTime: 2000,
  });

export function useClientReport(client: string) {
  return useQuery(clientReportQueryOptions(client));
}

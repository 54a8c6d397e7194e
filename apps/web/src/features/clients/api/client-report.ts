/** One client's report card (`GET /api/clients/:name/report`), rebuilt by the server from what it did. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const clientReportQueryOptions = (client: string) =>
  queryOptions({
    queryKey: queryKeys.clients.report(client),
    queryFn: ({ signal }) => consoleRequest('GET /api/clients/:name/report', { params: { name: client }, signal }),
    // The server reads the whole request log for it: every few seconds is live enough for habits.
    refetchInterval: 5000,
    staleTime: 2000,
  });

export function useClientReport(client: string) {
  return useQuery(clientReportQueryOptions(client));
}

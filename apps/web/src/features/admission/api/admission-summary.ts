/**
 * Each admission webhook's and policy's calls (GET /api/admission), for the Overview's cards:
 * polled every two seconds while a view shows them, as the other Overview cards are refreshed.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const admissionSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admission.summary(),
    queryFn: ({ signal }) => consoleRequest('GET /api/admission', { signal }),
    refetchInterval: 2000,
    staleTime: 1000,
  });

export function useAdmissionSummary() {
  return useQuery(admissionSummaryQueryOptions());
}

/**
 * What the console's OTLP trace receiver took in (`--otlp-receiver`): GET /api/traces every two
 * seconds while a view shows it. The reconciles themselves arrive with the telemetry stream.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TraceReceiverSnapshot } from '@dojo/console-protocol';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const tracesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.traces(),
    queryFn: ({ signal }) => apiRequest<TraceReceiverSnapshot>('/api/traces', { signal }),
    refetchInterval: 2000,
    staleTime: 1000,
  });

export function useTraces() {
  return useQuery(tracesQueryOptions());
}

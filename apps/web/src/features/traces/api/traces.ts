/**
 * What the console's OTLP trace receiver took in (`--otlp-receiver`): GET /api/traces every two
 * seconds while a view shows it. The reconciles themselves arrive with the telemetry stream.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const tracesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.traces(),
    queryFn: ({ signal }) => consoleRequest('GET /api/traces', { signal }),
    refetchInterval: 2000,
    staleTime: 1000,
  });

export function useTraces() {
  return useQuery(tracesQueryOptions());
}

/** One controller with the runtime's state (its queue snapshot); the queue has no stream, so it is polled every second. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ControllerDetails } from '@dojo/console-protocol';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const controllerDetailsQueryOptions = (name: string) =>
  queryOptions({
    queryKey: queryKeys.controllers.details(name),
    queryFn: ({ signal }) => apiRequest<ControllerDetails>(`/api/controllers/${encodeURIComponent(name)}`, { signal }),
    refetchInterval: 1_000,
  });

export function useControllerDetails(name: string | undefined) {
  return useQuery({ ...controllerDetailsQueryOptions(name ?? ''), enabled: Boolean(name) });
}

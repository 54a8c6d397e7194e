/** One controller with its queue snapshot; the queue has no stream, so it is polled every second. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { ControllerState } from '../../../lib/protocol.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { decodeControllerState } from '../model/controller-decoders.ts';

export const controllerStateQueryOptions = (name: string) =>
  queryOptions({
    queryKey: queryKeys.controllers.state(name),
    queryFn: async ({ signal }): Promise<ControllerState> =>
      decodeControllerState(await apiRequest<unknown>(`/api/controllers/${encodeURIComponent(name)}`, { signal })),
    refetchInterval: 1_000,
  });

export function useControllerState(name: string | undefined) {
  return useQuery({ ...controllerStateQueryOptions(name ?? ''), enabled: Boolean(name) });
}

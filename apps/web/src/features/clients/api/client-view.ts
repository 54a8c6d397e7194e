/**
 * A connected client's view controls (`GET/POST /api/clients/:name/view`): what is held per
 * watch, breakpoints, the stale view. Polled every second while shown, as the activity cards
 * are; every command's answer is the new state and goes straight into the cache.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientViewCommand } from '@dojo/console-protocol';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const clientViewQueryOptions = (client: string) =>
  queryOptions({
    queryKey: queryKeys.clients.view(client),
    queryFn: ({ signal }) => consoleRequest('GET /api/clients/:name/view', { params: { name: client }, signal }),
    refetchInterval: 1000,
    staleTime: 500,
  });

export function useClientView(client: string) {
  return useQuery(clientViewQueryOptions(client));
}

export function useClientViewCommand(client: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: ClientViewCommand) => consoleRequest('POST /api/clients/:name/view', { params: { name: client }, body: command }),
    onSuccess: (state) => queryClient.setQueryData(queryKeys.clients.view(client), state),
  });
}

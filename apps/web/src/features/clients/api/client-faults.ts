/** Fault rules on a connected client's requests (`/api/clients/:name/faults`): list, add, clear one or all. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FaultRuleSpec } from '@dojo/console-protocol';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const clientFaultsQueryOptions = (client: string) =>
  queryOptions({
    queryKey: queryKeys.clients.faults(client),
    queryFn: ({ signal }) => consoleRequest('GET /api/clients/:name/faults', { params: { name: client }, signal }),
    refetchInterval: 1000,
    staleTime: 500,
  });

export function useClientFaults(client: string) {
  return useQuery(clientFaultsQueryOptions(client));
}

/** `rule` adds a rule; `clear` removes one rule by id, or every rule when it is `'all'`. */
export type FaultChange = { readonly add: FaultRuleSpec } | { readonly clear: string };

export function useChangeClientFaults(client: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: FaultChange) =>
      'add' in change
        ? consoleRequest('POST /api/clients/:name/faults', { params: { name: client }, body: change.add })
        : change.clear === 'all'
          ? consoleRequest('DELETE /api/clients/:name/faults', { params: { name: client } })
          : consoleRequest('DELETE /api/clients/:name/faults/:id', { params: { name: client, id: change.clear } }),
    onSuccess: (faults) => queryClient.setQueryData(queryKeys.clients.faults(client), faults),
  });
}

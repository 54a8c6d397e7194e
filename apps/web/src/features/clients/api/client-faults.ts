/** Fault rules on a connected client's requests (`/api/clients/:name/faults`): list, add, clear one or all. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientFaults, FaultRuleSpec } from '@dojo/console-protocol';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const faultsPath = (client: string) => `/api/clients/${encodeURIComponent(client)}/faults`;

export const clientFaultsQueryOptions = (client: string) =>
  queryOptions({
    queryKey: queryKeys.clients.faults(client),
    queryFn: ({ signal }) => apiRequest<ClientFaults>(faultsPath(client), { signal }),
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
        ? apiRequest<ClientFaults>(faultsPath(client), { method: 'POST', body: change.add })
        : apiRequest<ClientFaults>(change.clear === 'all' ? faultsPath(client) : `${faultsPath(client)}/${encodeURIComponent(change.clear)}`, { method: 'DELETE' }),
    onSuccess: (faults) => queryClient.setQueryData(queryKeys.clients.faults(client), faults),
  });
}

/** POST /api/clients: a credential of its own for an operator the console did not start. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectAnswer, ConnectRequest } from '@dojo/console-protocol';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function useConnectClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ConnectRequest) => apiRequest<ConnectAnswer>('/api/clients', { method: 'POST', body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.activity() }),
  });
}

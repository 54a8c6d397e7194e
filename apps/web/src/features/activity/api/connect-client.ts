/** POST /api/clients: a credential of its own for an operator the console did not start. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectRequest } from '@dojo/console-protocol';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function useConnectClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ConnectRequest) => consoleRequest('POST /api/clients', { body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.activity() }),
  });
}

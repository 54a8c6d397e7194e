/** The Discord simulator's fault knobs: share of requests answered 429 or 5xx, added latency. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiscordFaults } from '@dojo/console-protocol';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function useSetDiscordFaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (faults: Partial<DiscordFaults>) => apiRequest<unknown>('/api/discord/faults', { method: 'PUT', body: faults }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.discord.state() }),
  });
}

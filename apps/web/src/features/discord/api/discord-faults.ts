/** The Discord simulator's fault knobs: share of requests answered 429 or 5xx, added latency. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DiscordFaults } from '@dojo/console-protocol';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { decodeFaults } from '../model/discord-view.ts';

/** The settings in force, read from the simulator (`GET /api/discord/faults`). */
export const discordFaultsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.discord.faults(),
    queryFn: async ({ signal }) => decodeFaults(await consoleRequest('GET /api/discord/faults', { signal })) ?? null,
    refetchInterval: 5_000,
  });

export function useDiscordFaults() {
  return useQuery(discordFaultsQueryOptions());
}

export function useSetDiscordFaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (faults: Partial<DiscordFaults>) => consoleRequest('PUT /api/discord/faults', { body: faults }),
    onSuccess: async (answer) => {
      const now = decodeFaults(answer);
      if (now) queryClient.setQueryData(queryKeys.discord.faults(), now);
      await queryClient.invalidateQueries({ queryKey: queryKeys.discord.state() });
    },
  });
}

/** A Discord simulator's fault knobs: share of requests answered 429 or 5xx, added latency. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DiscordFaults } from '@dojo/console-protocol';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { decodeFaults } from '../model/discord-view.ts';

/** The settings in force, read from the simulator (`GET /api/simulators/NAME/faults`). */
export const discordFaultsQueryOptions = (simulator: string) =>
  queryOptions({
    queryKey: queryKeys.simulators.faults(simulator),
    queryFn: async ({ signal }) => decodeFaults(await consoleRequest('GET /api/simulators/:name/faults', { params: { name: simulator }, signal })) ?? null,
    refetchInterval: 5_000,
  });

export function useDiscordFaults(simulator: string) {
  return useQuery(discordFaultsQueryOptions(simulator));
}

export function useSetDiscordFaults(simulator: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (faults: Partial<DiscordFaults>) => consoleRequest('PUT /api/simulators/:name/faults', { params: { name: simulator }, body: faults }),
    onSuccess: async (answer) => {
      const now = decodeFaults(answer);
      if (now) queryClient.setQueryData(queryKeys.simulators.faults(simulator), now);
      await queryClient.invalidateQueries({ queryKey: queryKeys.simulators.state(simulator) });
    },
  });
}

/** The simulated Discord (servers, groups, channels, messages) of one running simulator, by its name, polled every second. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { decodeDiscordView } from '../model/discord-view.ts';

export const discordStateQueryOptions = (simulator: string) =>
  queryOptions({
    queryKey: queryKeys.simulators.state(simulator),
    queryFn: async ({ signal }) => decodeDiscordView(await consoleRequest('GET /api/simulators/:name/state', { params: { name: simulator }, signal })),
    refetchInterval: 1_000,
  });

export function useDiscordState(simulator: string) {
  return useQuery(discordStateQueryOptions(simulator));
}

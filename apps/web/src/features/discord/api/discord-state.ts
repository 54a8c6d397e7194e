/** The simulated Discord (servers, groups, channels, messages), polled every second. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { decodeDiscordView } from '../model/discord-view.ts';

export const discordStateQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.discord.state(),
    queryFn: async ({ signal }) => decodeDiscordView(await consoleRequest('GET /api/discord/state', { signal })),
    refetchInterval: 1_000,
  });

export function useDiscordState() {
  return useQuery(discordStateQueryOptions());
}

/** The simulators the running operator modules started (`GET /api/simulators`), polled: a module's simulator may come up after the page opens. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const simulatorsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.simulators.list(),
    queryFn: async ({ signal }) => (await consoleRequest('GET /api/simulators', { signal })).simulators,
    refetchInterval: 5_000,
  });

export function useSimulators() {
  return useQuery(simulatorsQueryOptions());
}

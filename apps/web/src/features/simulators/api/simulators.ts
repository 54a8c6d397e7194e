/** The simulators the running operator modules started (`GET /api/simulators`), polled: a module's simulator may come up after the page opens. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const simulatorsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.simulators(),
    queryFn: async ({ signal }) => (await consoleRequest('GET /api/simulators', { signal })).simulators,
    refetchInterval: 5_000,
  });

export function useSimulators() {
  return useQuery(simulatorsQueryOptions());
}

/** The modules that run a simulator now; empty until the list has loaded. */
export function useModulesWithSimulators(): ReadonlySet<string> {
  const simulators = useSimulators();
  return new Set((simulators.data ?? []).map((s) => s.module));
}

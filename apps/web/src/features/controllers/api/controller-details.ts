/**
 * One controller with the runtime's state (its queue snapshot); the queue has no stream, so it
 * is polled every second. Each of the queue's key lists comes cut to its first `queueKeysShown`
 * keys (those containing `match`, when given), with how many it holds in all: a paused
 * controller with 10,000 queued keys is not sent whole every second.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const queueKeysShown = 1_000;

export const controllerDetailsQueryOptions = (name: string, match?: string) =>
  queryOptions({
    queryKey: queryKeys.controllers.details(name, match),
    queryFn: ({ signal }) =>
      consoleRequest('GET /api/controllers/:name', { params: { name }, signal, query: { keys: queueKeysShown, match: match || undefined } }),
    refetchInterval: 1_000,
    // A new filter shows the last answer until its own arrives, not a loading state.
    placeholderData: keepPreviousData,
  });

export function useControllerDetails(name: string | undefined, match?: string) {
  return useQuery({ ...controllerDetailsQueryOptions(name ?? '', match), enabled: Boolean(name) });
}

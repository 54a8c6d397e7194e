/**
 * Operators' Prometheus endpoints the console scrapes (`--scrape NAME=URL`): GET /api/scrape
 * every two seconds while a view shows it. The server scrapes every few seconds; polling faster
 * would only repeat its figures.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const scrapeQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.scrape(),
    queryFn: ({ signal }) => consoleRequest('GET /api/scrape', { signal }),
    refetchInterval: 2000,
    staleTime: 1000,
  });

export function useScrape() {
  return useQuery(scrapeQueryOptions());
}

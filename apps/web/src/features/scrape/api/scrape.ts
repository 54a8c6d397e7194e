/**
 * Operators' Prometheus endpoints the console scrapes (`--scrape NAME=URL`): GET /api/scrape
 * every two seconds while a view shows it. The server scrapes every few seconds; polling faster
 * would only repeat its figures.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScrapeSnapshot } from '@dojo/console-protocol';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const scrapeQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.scrape(),
    queryFn: ({ signal }) => apiRequest<ScrapeSnapshot>('/api/scrape', { signal }),
    refetchInterval: 2000,
    staleTime: 1000,
  });

export function useScrape() {
  return useQuery(scrapeQueryOptions());
}

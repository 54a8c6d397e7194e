/** POST / DELETE /api/scrape/targets: scrape one more operator endpoint, or stop scraping one added here. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScrapeTargetRequest } from '@dojo/console-protocol';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function useAddScrapeTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ScrapeTargetRequest) => consoleRequest('POST /api/scrape/targets', { body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.scrape() }),
  });
}

export function useRemoveScrapeTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => consoleRequest('DELETE /api/scrape/targets/:name', { params: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.scrape() }),
  });
}

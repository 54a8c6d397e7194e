/** POST / DELETE /api/scrape/targets: scrape one more operator endpoint, or stop scraping one added here. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScrapeTargetRequest, ScrapeTargetStatus } from '@dojo/console-protocol';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function useAddScrapeTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ScrapeTargetRequest) => apiRequest<ScrapeTargetStatus>('/api/scrape/targets', { method: 'POST', body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.scrape() }),
  });
}

export function useRemoveScrapeTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest<unknown>(`/api/scrape/targets/${encodeURIComponent(name)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.scrape() }),
  });
}

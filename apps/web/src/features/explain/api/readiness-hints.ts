/**
 * Every object of a kind with its verdict and top blocker (GET /api/explain/hints), for a
 * list's readiness column: the backend's cheap rules only, refreshed every few seconds.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadinessHints } from '@dojo/console-protocol';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const readinessHintsQueryOptions = (group: string, kind: string, namespace?: string) =>
  queryOptions({
    queryKey: queryKeys.readinessHints(group, kind, namespace),
    queryFn: ({ signal }) => apiRequest<ReadinessHints>('/api/explain/hints', { query: { group, kind, namespace }, signal }),
    refetchInterval: 3_000,
    placeholderData: keepPreviousData,
  });

/** `kind` undefined while the page does not know its kind yet: nothing is asked. */
export function useReadinessHints(group: string, kind: string | undefined, namespace?: string) {
  return useQuery({ ...readinessHintsQueryOptions(group, kind ?? '', namespace), enabled: kind !== undefined });
}

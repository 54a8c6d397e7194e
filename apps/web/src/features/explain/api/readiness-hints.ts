/**
 * Every object of a kind with its verdict and top blocker (GET /api/explain/hints), for a
 * list's readiness column: the backend's cheap rules only, refreshed every few seconds. The
 * backend answers for every object at once (10,000 Dojos take it seconds), so the refresh waits
 * at least ten times as long as the last answer took: one tab keeps the backend busy for at
 * most a tenth of the time.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const refreshMs = 3_000;
/** How long the last answer for each query took, by query hash. */
const answerMs = new Map<string, number>();

export const readinessHintsQueryOptions = (group: string, kind: string, namespace?: string) =>
  queryOptions({
    queryKey: queryKeys.readinessHints(group, kind, namespace),
    queryFn: async ({ signal, queryKey }) => {
      const asked = performance.now();
      const answer = await consoleRequest('GET /api/explain/hints', { query: { group, kind, namespace }, signal });
      answerMs.set(JSON.stringify(queryKey), performance.now() - asked);
      return answer;
    },
    refetchInterval: (query) => Math.max(refreshMs, 10 * (answerMs.get(JSON.stringify(query.queryKey)) ?? 0)),
    placeholderData: keepPreviousData,
  });

/** `kind` undefined while the page does not know its kind yet, or `enabled` false: nothing is asked. */
export function useReadinessHints(group: string, kind: string | undefined, namespace?: string, enabled = true) {
  return useQuery({ ...readinessHintsQueryOptions(group, kind ?? '', namespace), enabled: enabled && kind !== undefined });
}

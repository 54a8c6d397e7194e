/**
 * The console keeps history on disk, bounded; when retention evicted some, every view that
 * shows history says so instead of looking empty. `GET /api/history` says, per stream, since
 * when history is complete and what was evicted; `coverageText` turns that into one sentence.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryStreamName, StreamCoverage } from '@dojo/console-protocol';
import { consoleRequest } from './console-api.ts';
import { queryKeys } from './query-keys.ts';
import { formatClock } from './time-format.ts';

export const historyStatusQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.historyStatus(),
    queryFn: ({ signal }) => consoleRequest('GET /api/history', { signal }),
    refetchInterval: 15_000,
    retry: false,
  });

/** One stream's coverage, refreshed every 15 s; undefined while loading or without history. */
export function useStreamCoverage(stream: HistoryStreamName): StreamCoverage | undefined {
  const { data } = useQuery(historyStatusQueryOptions());
  return data?.streams.find((s) => s.stream === stream);
}

/** What a record type is called when counting evicted ones ("7,141 older reconciles evicted"). */
export interface CountedThing {
  /** The record types counted; absent counts every evicted record. */
  readonly types?: readonly string[];
  readonly plural: string;
}

export function evictedCount(coverage: StreamCoverage, thing: CountedThing): number {
  if (!thing.types) return coverage.evicted;
  return thing.types.reduce((sum, type) => sum + (coverage.evictedByType[type] ?? 0), 0);
}

/** "History complete since 10:42:07; 7,141 older reconciles evicted." */
export function coverageText(coverage: StreamCoverage, thing: CountedThing, now: number = Date.now()): string {
  const since = coverage.completeSince;
  const day = 86_400_000;
  const when = now - since > day ? new Date(since).toLocaleString() : formatClock(since).slice(0, 8);
  const evicted = evictedCount(coverage, thing);
  const tail = evicted > 0 ? `; ${evicted.toLocaleString('en-US')} older ${thing.plural} evicted by retention` : '';
  return `History complete since ${when}${tail}.`;
}

/**
 * Records of the console's request log (`GET /api/requests`, a bounded window of the journal)
 * as evidence: one record by its seq, and the 403s of one client with the rule that would have
 * allowed each (`forbidden`, for a client connected with --service-account).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestJournalRecord, RequestRecord } from '@dojo/console-protocol';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The record, or null when the log no longer holds it (it keeps the newest records only). */
export const journalRecordQueryOptions = (seq: number) =>
  queryOptions({
    queryKey: queryKeys.journalRecord(seq),
    queryFn: async ({ signal }): Promise<RequestJournalRecord | null> => {
      const page = await consoleRequest('GET /api/requests', { signal, query: { sinceSeq: seq - 1, limit: 1 } });
      return page.records.find((r) => r.seq === seq) ?? null;
    },
    staleTime: Infinity,
  });

export function useJournalRecord(seq: number, enabled: boolean) {
  return useQuery({ ...journalRecordQueryOptions(seq), enabled });
}

export type ForbiddenRecord = RequestRecord & { forbidden: NonNullable<RequestRecord['forbidden']> };

export const clientForbiddenQueryOptions = (client: string) =>
  queryOptions({
    queryKey: queryKeys.clients.forbidden(client),
    queryFn: async ({ signal }) => {
      const page = await consoleRequest('GET /api/requests', { signal, query: { client, limit: 10_000 } });
      return page.records.filter((r): r is ForbiddenRecord => r.type === 'request' && r.forbidden !== undefined).reverse();
    },
    refetchInterval: 3000,
  });

export function useClientForbidden(client: string) {
  return useQuery(clientForbiddenQueryOptions(client));
}

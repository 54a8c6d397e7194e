/**
 * One object's writes that went through admission, from the request log's pages. Which records
 * are about the object (its uid, or its namespace + name for a refused create that never had a
 * uid) is the server's filter alone (packages/activity's request-object-filter.ts): this side
 * keeps no second copy of that rule, only the type (a request that carries admission records)
 * and the order, newest first, across pages and across the writes and dry-run queries.
 */
import type { AdmissionRecord, RequestJournalRecord, RequestRecord } from '@dojo/console-protocol';

export type AdmittedWrite = RequestRecord & { readonly admission: readonly AdmissionRecord[] };

/** One page the request log answered: its admitted writes, and how far back its search reached when it stopped early. */
export interface AdmittedWritesPage {
  readonly writes: readonly AdmittedWrite[];
  /** The seq the history search stopped at before filling the page (RequestLogPage.searchedBackTo). */
  readonly searchedBackTo?: number | undefined;
}

function isAdmittedWrite(record: RequestJournalRecord): record is AdmittedWrite {
  return record.type === 'request' && (record.admission?.length ?? 0) > 0;
}

export function admittedWritesIn(records: readonly RequestJournalRecord[]): AdmittedWrite[] {
  return records.filter(isAdmittedWrite);
}

/** The writes of several pages (and of both queries), newest first, each once. */
export function newestFirst(...pages: readonly (readonly AdmittedWritesPage[])[]): AdmittedWrite[] {
  const bySeq = new Map<number, AdmittedWrite>();
  for (const page of pages.flat()) for (const write of page.writes) bySeq.set(write.seq, write);
  return [...bySeq.values()].sort((a, b) => b.seq - a.seq);
}

/** Where the last page's search stopped, so older records are still unsearched; undefined when nothing older is left. */
export function searchStoppedAt(pages: readonly AdmittedWritesPage[]): number | undefined {
  return pages.at(-1)?.searchedBackTo;
}

/**
 * One object's requests from the history's request journal, newest first: what an object's
 * Admission tab pages through, as far back as the history keeps the journal (the console's
 * request log in memory holds only its newest records, watch events among them). Found by the
 * stream's indexed columns (name, namespace, resource, and whether a write was admitted or a dry
 * run, so SQLite leaves out what the tab does not show), then kept by `accept` (the object's
 * uid and group), in batches, so a name written often by others still fills a page. A search
 * gives up after `maxBatches` batches and says how far back it looked (`searchedBackTo`), so
 * the page never claims there is nothing older.
 */
import type { RequestJournalRecord } from '@dojo/console-protocol';
import type { HistoryStream } from './history-stream.ts';

export interface ObjectRequestsQuery {
  /** Absent for a cluster-scoped object (`accept` then checks the record has none). */
  readonly namespace?: string | undefined;
  readonly name: string;
  /** The URL's resource (plural): left to `accept` when absent. */
  readonly resource?: string | undefined;
  /** Only writes that carry admission records. */
  readonly admitted?: boolean | undefined;
  /** true: only dry-run writes; false: none of them; absent: both. */
  readonly dryRun?: boolean | undefined;
  /** Records before this seq (exclusive): the next page. */
  readonly beforeSeq?: number | undefined;
  /** Records after this seq (exclusive). */
  readonly sinceSeq?: number | undefined;
  /** Records received up to this instant (a recording's); a live console has only now. */
  readonly at?: number | undefined;
  readonly limit: number;
}

export interface ObjectRequestsPage {
  readonly records: RequestJournalRecord[];
  /** The search stopped before filling the page or reaching the oldest record: the oldest seq it looked at. */
  readonly searchedBackTo?: number;
}

const batchSize = 500;
/** A page is given up on after this many batches of records `accept` left out (it then says `searchedBackTo`). */
const maxBatches = 10;

export function objectRequests(
  stream: HistoryStream<RequestJournalRecord>,
  query: ObjectRequestsQuery,
  accept: (record: RequestJournalRecord) => boolean,
): ObjectRequestsPage {
  const where = {
    name: query.name,
    ...(query.namespace ? { namespace: query.namespace } : {}),
    ...(query.resource !== undefined ? { resource: query.resource } : {}),
    ...(query.admitted ? { admitted: 1 } : {}),
    ...(query.dryRun !== undefined ? { dryRun: query.dryRun ? 1 : 0 } : {}),
  };
  const found: RequestJournalRecord[] = [];
  let untilSeq = query.beforeSeq !== undefined ? query.beforeSeq - 1 : undefined;
  for (let batches = 0; batches < maxBatches && found.length < query.limit; batches++) {
    const batch = stream.query({
      where,
      types: ['request'],
      newest: true,
      limit: batchSize,
      ...(untilSeq !== undefined ? { untilSeq } : {}),
      ...(query.sinceSeq !== undefined ? { sinceSeq: query.sinceSeq } : {}),
      ...(query.at !== undefined ? { to: query.at + 1 } : {}),
    });
    for (let i = batch.length - 1; i >= 0 && found.length < query.limit; i--) if (accept(batch[i]!)) found.push(batch[i]!);
    if (batch.length < batchSize) return { records: found };
    untilSeq = batch[0]!.seq - 1;
  }
  const searchedBackTo = untilSeq === undefined ? undefined : untilSeq + 1;
  return found.length < query.limit && searchedBackTo !== undefined ? { records: found, searchedBackTo } : { records: found };
}

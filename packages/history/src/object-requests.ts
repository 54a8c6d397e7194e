/**
 * One object's requests from the history's request journal, newest first: what an object's
 * Admission tab pages through, as far back as the history keeps the journal (the console's
 * request log in memory holds only its newest records, watch events among them). Found by the
 * stream's indexed name and namespace, then kept by `accept` (the object's uid, its resource,
 * whether the record carries admission records), in batches, so a name written often by others
 * still fills a page.
 */
import type { RequestJournalRecord } from '@dojo/console-protocol';
import type { HistoryStream } from './history-stream.ts';

export interface ObjectRequestsQuery {
  /** Absent for a cluster-scoped object (`accept` then checks the record has none). */
  readonly namespace?: string | undefined;
  readonly name: string;
  /** Records before this seq (exclusive): the next page. */
  readonly beforeSeq?: number | undefined;
  /** Records after this seq (exclusive). */
  readonly sinceSeq?: number | undefined;
  /** Records received up to this instant (a recording's); a live console has only now. */
  readonly at?: number | undefined;
  readonly limit: number;
}

const batchSize = 500;
/** A page is given up on after this many batches of the name's other records. */
const maxBatches = 40;

export function objectRequests(
  stream: HistoryStream<RequestJournalRecord>,
  query: ObjectRequestsQuery,
  accept: (record: RequestJournalRecord) => boolean,
): RequestJournalRecord[] {
  const where = { name: query.name, ...(query.namespace ? { namespace: query.namespace } : {}) };
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
    if (batch.length < batchSize) break;
    untilSeq = batch[0]!.seq - 1;
  }
  return found;
}

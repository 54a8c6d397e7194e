/**
 * The request-journal records the console has read, bounded, in memory: what `GET
 * /api/requests` pages through. `append` is the one way in, so keeping them on disk (the
 * history store's `requests` stream) means giving `ActivityService` a sink that appends there
 * as well — nothing else reads the feed.
 */
import type { RequestJournalRecord, RequestLogPage } from '@dojo/console-protocol';
import type { ClientIdentifier } from './client-identity.ts';
import { isRequestAbout, type RequestObjectFilter } from './request-object-filter.ts';

export interface RequestSink {
  append(record: RequestJournalRecord): void;
}

export interface RequestLogQuery {
  /** Records after this seq (exclusive). */
  sinceSeq?: number;
  limit?: number;
  /** Only this client's requests and watches (named as the activity names clients). */
  client?: string;
  /** Only the requests about one object (request-object-filter.ts): its Admission tab. */
  object?: RequestObjectFilter;
  /** Only requests whose record carries admission records (webhooks called, policies evaluated). */
  admitted?: boolean;
  /**
   * true: only dry-run writes; false: none of them; absent: both. Filtered here, before `limit`,
   * because a form dry-runs its draft as a person types: hidden afterwards, they would use up a
   * page and push its real writes out.
   */
  dryRun?: boolean;
  /** Newest first, from before `beforeSeq` (exclusive) when given; `sinceSeq` still bounds the oldest. */
  newest?: boolean;
  beforeSeq?: number;
}

/** The query's filters on what a request was (admitted, dry run), shared by the log in memory and the history's search. */
export function matchesWriteFilters(record: RequestJournalRecord, query: Pick<RequestLogQuery, 'admitted' | 'dryRun'>): boolean {
  if (query.admitted && (record.type !== 'request' || (record.admission?.length ?? 0) === 0)) return false;
  if (query.dryRun !== undefined && (record.type !== 'request' || (record.dryRun === true) !== query.dryRun)) return false;
  return true;
}

export class RequestLog implements RequestSink {
  readonly #capacity: number;
  readonly #identifier: ClientIdentifier;
  #records: RequestJournalRecord[] = [];
  /** Which client holds each watch, so its events can be filtered by client. */
  readonly #watchClients = new Map<string, string>();

  constructor(identifier: ClientIdentifier, capacity = 50_000) {
    this.#identifier = identifier;
    this.#capacity = capacity;
  }

  append(record: RequestJournalRecord): void {
    if (record.type === 'watch-open') {
      this.#watchClients.set(record.watchId, this.#clientOf(record));
      if (this.#watchClients.size > 20_000) this.#watchClients.delete(this.#watchClients.keys().next().value!);
    }
    this.#records.push(record);
    if (this.#records.length > this.#capacity * 1.1) this.#records = this.#records.slice(-this.#capacity);
  }

  query(query: RequestLogQuery = {}): RequestLogPage {
    const since = query.sinceSeq ?? 0;
    const limit = query.limit ?? 1000;
    const before = query.beforeSeq ?? Number.POSITIVE_INFINITY;
    const records: RequestJournalRecord[] = [];
    const consider = (record: RequestJournalRecord): boolean => {
      if (this.#matches(record, query)) records.push(record);
      return records.length < limit;
    };
    if (query.newest) {
      for (let i = this.#records.length - 1; i >= 0; i--) {
        const record = this.#records[i]!;
        if (record.seq <= since) break;
        if (record.seq < before && !consider(record)) break;
      }
    } else {
      for (const record of this.#records) if (record.seq > since && record.seq < before && !consider(record)) break;
    }
    return { records, oldestSeq: this.#records[0]?.seq ?? since + 1, lastSeq: this.#records[this.#records.length - 1]?.seq ?? since };
  }

  #matches(record: RequestJournalRecord, query: RequestLogQuery): boolean {
    if (query.client !== undefined && this.#clientOfRecord(record) !== query.client) return false;
    if (query.object && !isRequestAbout(record, query.object)) return false;
    return matchesWriteFilters(record, query);
  }

  #clientOf(who: { user: string; userAgent?: string; fieldManager?: string }): string {
    return this.#identifier.identify(who).name;
  }

  #clientOfRecord(record: RequestJournalRecord): string | undefined {
    if (record.type === 'request' || record.type === 'watch-open') return this.#clientOf(record);
    return this.#watchClients.get(record.watchId);
  }
}

/**
 * Where ActivityService's journal records come from: the embedded API server's journal
 * (JournalFeed) or a real cluster's audit events (AuditFeed). A feed is built with the
 * handler it delivers to, and says how it is doing in `state`.
 */
import type { JournalFeedState, RequestJournalHello, RequestJournalRecord } from '@dojo/console-protocol';

/** What a feed delivers to: the journal's hello (the embedded journal only) and its records, in seq order. */
export interface JournalFeedHandler {
  hello(hello: RequestJournalHello): void;
  record(record: RequestJournalRecord): void;
}

export interface ActivityFeed {
  readonly state: JournalFeedState;
  start(): void;
  stop(): void;
}

export type ActivityFeedFactory = (handler: JournalFeedHandler) => ActivityFeed;

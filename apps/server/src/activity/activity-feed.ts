/**
 * Where ActivityService's journal records come from: the embedded API server's journal
 * (JournalFeed) or a real cluster's audit events (AuditFeed). A feed is built with the
 * handler it delivers to, and says how it is doing in `state`.
 */
import type { JournalFeedState } from '@dojo/console-protocol';
import type { JournalFeedHandler } from './journal-feed.ts';

export interface ActivityFeed {
  readonly state: JournalFeedState;
  start(): void;
  stop(): void;
}

export type ActivityFeedFactory = (handler: JournalFeedHandler) => ActivityFeed;

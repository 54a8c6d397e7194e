/**
 * The console's feed of journal records on a real cluster: kube-apiserver's audit events,
 * pushed to it by the audit webhook route or an audit log follower, numbered by `AuditJournal`
 * and handed on like the embedded journal's records. Nothing is fetched, so there is nothing to
 * reconnect: the feed is "connecting" until the first event arrives, then "live".
 */
import type { JournalFeedState } from '@dojo/console-protocol';
import type { ActivityFeed, JournalFeedHandler } from '../activity/activity-feed.ts';
import type { AuditEvent } from './audit-event.ts';
import { AuditJournal } from './audit-journal.ts';

export class AuditFeed implements ActivityFeed {
  readonly #handler: JournalFeedHandler;
  readonly #journal = new AuditJournal();
  #lastSeq = 0;
  #events = 0;

  constructor(handler: JournalFeedHandler) {
    this.#handler = handler;
  }

  get state(): JournalFeedState {
    if (this.#events === 0) return { state: 'connecting', lastSeq: 0, gaps: 0, detail: 'no audit events have arrived yet (docs/audit.md)' };
    return { state: 'live', lastSeq: this.#lastSeq, gaps: 0 };
  }

  start(): void {}

  stop(): void {}

  /** Hands on the records these audit events make, in order. */
  ingest(events: readonly AuditEvent[]): void {
    for (const event of events) {
      this.#events += 1;
      const record = this.#journal.map(event);
      if (!record) continue;
      this.#lastSeq = record.seq;
      this.#handler.record(record);
    }
  }
}

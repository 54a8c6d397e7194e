/**
 * The console's feed of journal records on a real cluster: kube-apiserver's audit events,
 * pushed to it by the audit webhook route or an audit log follower, numbered by `AuditJournal`
 * and handed on like the embedded journal's records. Nothing is fetched, so there is nothing to
 * reconnect: the feed is "connecting" until the first event arrives, then "live". A 409 is
 * handed on once its winner has been looked up (conflict-winner.ts), so records stay in order:
 * batches are ingested one after another.
 */
import type { JournalFeedState, RequestRecord } from '@dojo/console-protocol';
import type { ActivityFeed, JournalFeedHandler } from '../activity/activity-feed.ts';
import type { AuditEvent } from './audit-event.ts';
import { AuditJournal } from './audit-journal.ts';
import type { ConflictWinner } from './conflict-winner.ts';

export interface AuditFeedOptions {
  /** Who won a 409 (audit events do not say); without it a 409 has no winner. */
  conflictWinner?: (record: RequestRecord) => Promise<ConflictWinner | undefined>;
}

export class AuditFeed implements ActivityFeed {
  readonly #handler: JournalFeedHandler;
  readonly #options: AuditFeedOptions;
  readonly #journal = new AuditJournal();
  #lastSeq = 0;
  #events = 0;
  #queue: Promise<void> = Promise.resolve();

  constructor(handler: JournalFeedHandler, options: AuditFeedOptions = {}) {
    this.#handler = handler;
    this.#options = options;
  }

  get state(): JournalFeedState {
    if (this.#events === 0) return { state: 'connecting', lastSeq: 0, gaps: 0, detail: 'no audit events have arrived yet (docs/audit.md)' };
    return { state: 'live', lastSeq: this.#lastSeq, gaps: 0 };
  }

  start(): void {}

  stop(): void {}

  /** Hands on the records these audit events make, in order; settles when they all have been. */
  ingest(events: readonly AuditEvent[]): Promise<void> {
    this.#queue = this.#queue.then(() => this.#ingest(events));
    return this.#queue;
  }

  async #ingest(events: readonly AuditEvent[]): Promise<void> {
    for (const event of events) {
      this.#events += 1;
      const record = this.#journal.map(event);
      if (!record) continue;
      if (record.type === 'request' && record.code === 409 && !record.conflict && this.#options.conflictWinner) {
        const winner = await this.#options.conflictWinner(record);
        if (winner) record.conflict = winner;
      }
      this.#lastSeq = record.seq;
      this.#handler.record(record);
    }
  }
}

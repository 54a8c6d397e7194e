/**
 * The console's feed of journal records on a real cluster: kube-apiserver's audit events,
 * pushed to it by the audit webhook route or an audit log follower, numbered by `AuditJournal`
 * and handed on like the embedded journal's records. Nothing is fetched, so there is nothing to
 * reconnect: the feed is "connecting" until the first event arrives, then "live". A 409 is
 * handed on once its winner has been looked up (conflict-winner.ts), so records stay in order:
 * batches are ingested one after another.
 *
 * One bad item never stops the feed: an item that is not a readable audit event
 * (audit-event-check.ts), or one whose record cannot be made or kept, is refused and counted
 * (`state.refused`, with the last reason in `state.detail`) and the batch goes on; a batch that
 * failed does not hold up the next one.
 */
import type { JournalFeedState, RequestRecord } from '@dojo/console-protocol';
import type { ActivityFeed, JournalFeedHandler } from '@dojo/activity';
import type { AuditEvent } from './audit-event.ts';
import { auditEventProblem, type AuditRefusal } from './audit-event-check.ts';
import { AuditJournal } from './audit-journal.ts';
import type { ConflictWinner } from './conflict-winner.ts';

export interface AuditFeedOptions {
  /** Who won a 409 (audit events do not say); without it a 409 has no winner. */
  conflictWinner?: (record: RequestRecord) => Promise<ConflictWinner | undefined>;
  /** The console's clock: events dated far ahead of it are refused (default: the system clock). */
  clock?: { now(): number };
}

export interface AuditSink {
  /** Settles once the events are in the journal (a 409's winner may be looked up first), saying which items it refused. */
  ingest(items: readonly unknown[]): Promise<AuditBatchResult>;
  /** Counts input that could not even be decoded into an item (a log line that is not JSON). */
  refuseUnreadable?(reason: string): void;
}

/** What became of a batch: the items refused, by their place in it; the others were taken. */
export interface AuditBatchResult {
  readonly refused: readonly AuditRefusal[];
}

export class AuditFeed implements ActivityFeed {
  readonly #handler: JournalFeedHandler;
  readonly #options: AuditFeedOptions;
  readonly #journal = new AuditJournal();
  #lastSeq = 0;
  #events = 0;
  #refused = 0;
  #lastRefusal: string | undefined;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(handler: JournalFeedHandler, options: AuditFeedOptions = {}) {
    this.#handler = handler;
    this.#options = options;
  }

  get state(): JournalFeedState {
    const refused = this.#refused
      ? {
          refused: this.#refused,
          detail: `${this.#refused} audit event${this.#refused === 1 ? '' : 's'} refused as unreadable; the last: ${this.#lastRefusal}`,
        }
      : {};
    if (this.#events === 0) return { state: 'connecting', lastSeq: 0, gaps: 0, detail: 'no audit events have arrived yet (docs/audit.md)', ...refused };
    return { state: 'live', lastSeq: this.#lastSeq, gaps: 0, ...refused };
  }

  start(): void {}

  stop(): void {}

  /** Hands on the records these audit events make, in order; settles when they all have been, saying which items were refused. */
  ingest(items: readonly unknown[]): Promise<AuditBatchResult> {
    const batch = this.#queue.then(() => this.#ingest(items));
    // The next batch waits for this one to settle, never for it to succeed.
    this.#queue = batch.catch(() => undefined);
    return batch;
  }

  /** Counts input that could not even be decoded (a log line that is not JSON). */
  refuseUnreadable(reason: string): void {
    this.#refuse(reason);
  }

  async #ingest(items: readonly unknown[]): Promise<AuditBatchResult> {
    const refused: AuditRefusal[] = [];
    const now = (this.#options.clock ?? Date).now();
    for (const [index, item] of items.entries()) {
      const problem = auditEventProblem(item, { now });
      if (problem) {
        refused.push({ index, reason: problem });
        this.#refuse(problem);
        continue;
      }
      try {
        await this.#handOn(item as AuditEvent);
      } catch {
        // Our own mapping or a sink failed on it: a bug to fix, but never a reason to stop the feed.
        const reason = 'could not be made into a journal record';
        refused.push({ index, reason });
        this.#refuse(reason);
      }
    }
    return { refused };
  }

  async #handOn(event: AuditEvent): Promise<void> {
    this.#events += 1;
    const record = this.#journal.map(event);
    if (!record) return;
    if (record.type === 'request' && record.code === 409 && !record.conflict && this.#options.conflictWinner) {
      const winner = await this.#options.conflictWinner(record);
      if (winner) record.conflict = winner;
    }
    this.#lastSeq = record.seq;
    this.#handler.record(record);
  }

  #refuse(reason: string): void {
    this.#refused += 1;
    this.#lastRefusal = reason;
  }
}

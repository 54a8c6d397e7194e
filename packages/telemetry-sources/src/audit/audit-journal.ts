/**
 * Numbers audit events into journal records: `seq` strictly increasing from 1, as the journal
 * model promises, and a watch opened once although kube-apiserver audits it twice (when it
 * starts and when it ends). Events that map to nothing take no number. A kind is only in an
 * event's response body, so the kind of each group/resource is learnt from the events that have
 * one and given to those that do not (a 409, a Metadata-level write): an object keeps one
 * identity across all its records.
 */
import type { AuditEvent } from './audit-event.ts';
import { auditEventToRecord, type AuditJournalRecord } from './audit-to-journal.ts';

/** Watch audit IDs remembered to drop a watch's second stage; the oldest are forgotten first. */
const rememberedWatches = 10_000;
/** Kinds remembered by group/resource (a cluster serves a few hundred). */
const rememberedKinds = 5_000;

export class AuditJournal {
  #seq = 0;
  readonly #openWatches = new Set<string>();
  readonly #kinds = new Map<string, string>();

  /** The journal record for `event`, or undefined when the journal shows nothing for it. */
  map(event: AuditEvent): AuditJournalRecord | undefined {
    const record = auditEventToRecord(event);
    if (!record) return undefined;
    if (record.resource) {
      const resource = `${record.group ?? ''}/${record.resource}`;
      if (record.kind) {
        if (!this.#kinds.has(resource) && this.#kinds.size >= rememberedKinds) this.#kinds.delete(this.#kinds.keys().next().value!);
        this.#kinds.set(resource, record.kind);
      } else {
        const kind = this.#kinds.get(resource);
        if (kind) record.kind = kind;
      }
    }
    if (record.type === 'watch-open') {
      if (this.#openWatches.has(record.watchId)) return undefined;
      this.#openWatches.add(record.watchId);
      if (this.#openWatches.size > rememberedWatches) this.#openWatches.delete(this.#openWatches.values().next().value!);
    }
    return { ...record, seq: ++this.#seq } as AuditJournalRecord;
  }
}

/**
 * A client's report card (docs/client-controls.md, "Report card"): one line per habit
 * Kubernetes expects of a controller, each a verdict with its evidence, derived from the request
 * journal and what activity inferred from it. Pure: records in, a card out; the lines are one
 * table, in the order they are shown.
 */
import type { ClientReportCard, ReportLine } from '@dojo/console-protocol';
import { backoffLine } from './report-card-backoff.ts';
import { conflictRetriesLine } from './report-card-conflicts.ts';
import { finalizersLine } from './report-card-finalizers.ts';
import { clientJournalOf, type ClientJournal, type ReportCardInput } from './report-card-input.ts';
import { hotLoopsLine, rbacLine, staleViewsLine } from './report-card-observed.ts';
import { ownerReferencesLine } from './report-card-owners.ts';
import { pollingLine } from './report-card-polling.ts';
import { observedGenerationLine, statusSubresourceLine } from './report-card-status.ts';

export type { ReportCardInput } from './report-card-input.ts';

/** The card's lines, in order. */
export const reportCardLines: readonly ((journal: ClientJournal) => ReportLine)[] = [
  conflictRetriesLine,
  backoffLine,
  pollingLine,
  statusSubresourceLine,
  observedGenerationLine,
  hotLoopsLine,
  finalizersLine,
  ownerReferencesLine,
  staleViewsLine,
  rbacLine,
];

export function reportCard(input: ReportCardInput): ClientReportCard {
  const journal = clientJournalOf(input);
  const own = [...journal.requests, ...journal.watches].sort((a, b) => a.seq - b.seq);
  const first = own[0];
  const last = own[own.length - 1];
  return {
    client: input.client,
    time: input.now,
    from: { records: own.length, ...(first && last ? { firstSeq: first.seq, lastSeq: last.seq } : {}) },
    lines: reportCardLines.map((lineOf) => lineOf(journal)),
  };
}

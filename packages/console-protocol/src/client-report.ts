/**
 * A report card per client (`GET /api/clients/:name/report`, `dojo-console client NAME report`;
 * docs/client-controls.md, "Report card"): how a client of the API server behaves against the
 * habits Kubernetes expects of a controller — retrying 409s, backing off on 5xx and 429,
 * watching instead of polling, writing status through the status subresource, setting
 * observedGeneration, no hot loops, removing its finalizers, owning what it creates, acting on
 * fresh views, holding the RBAC it needs. Each line is a verdict with its evidence (journal seqs,
 * counts, timings) and links a UI can open. packages/activity derives it from the request journal
 * and the activity inferred from it.
 */
import type { ObjectIdentity } from '@dojo/kube-api';

/**
 * `good`: it did the right thing where it had the chance; `warning`: mixed, or a habit that
 * costs (polling, slow retries); `problem`: it did the wrong thing; `not-seen`: the journal
 * holds nothing that tests this line yet (no 409 came, it created nothing...).
 */
export type ReportVerdict = 'good' | 'warning' | 'problem' | 'not-seen';

/** The lines of the card, in the order they are shown. */
export type ReportLineId =
  | 'conflict-retries'
  | 'backoff'
  | 'watches'
  | 'status-subresource'
  | 'observed-generation'
  | 'hot-loops'
  | 'finalizers'
  | 'owner-references'
  | 'stale-views'
  | 'rbac';

/**
 * Where a line's evidence can be opened:
 * - `request`: a journal record (`GET /api/requests`, its `seq`);
 * - `reconcile`: an inferred (or recorded) reconcile, by its id (the timeline's `reconcile`);
 * - `hot-loop`: one of activity's hot loops, by its id, on its object;
 * - `stale-write`: a write made on a stale view, by the seq of the write.
 */
export type ReportLink =
  | { readonly kind: 'request'; readonly seq: number; readonly label: string }
  | { readonly kind: 'reconcile'; readonly reconcileId: string; readonly label: string }
  | { readonly kind: 'hot-loop'; readonly hotLoopId: string; readonly object: ObjectIdentity; readonly label: string }
  | { readonly kind: 'stale-write'; readonly writeSeq: number; readonly object: ObjectIdentity; readonly label: string };

/** One figure behind a verdict: "409s: 3", "median delay to retry: 120 ms". */
export interface ReportFigure {
  readonly label: string;
  readonly value: string | number;
}

export interface ReportLine {
  readonly id: ReportLineId;
  /** What the line checks, as a heading: "Retries after 409 Conflict". */
  readonly title: string;
  readonly verdict: ReportVerdict;
  /** The verdict in a sentence, with the numbers that decided it. */
  readonly summary: string;
  readonly figures: readonly ReportFigure[];
  /** The records that show it (at most a few: the first of each kind of evidence). */
  readonly links: readonly ReportLink[];
}

/** `GET /api/clients/:name/report`. */
export interface ClientReportCard {
  readonly client: string;
  /** When the card was made (epoch ms). */
  readonly time: number;
  /** The client's journal records it was derived from: how many, their first and last seq. */
  readonly from: { readonly records: number; readonly firstSeq?: number; readonly lastSeq?: number };
  readonly lines: readonly ReportLine[];
}

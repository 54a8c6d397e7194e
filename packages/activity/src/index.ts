/**
 * @dojo/activity — what every client of the API server does, inferred from the request journal
 * (docs/request-journal.md): operators in any language, kubectl, and the console's own
 * controllers, side by side.
 *
 * Promises:
 * - Pure and deterministic: records in, summaries and telemetry records out; time comes from
 *   the injected clock and the records' own times. No I/O, no timers.
 * - Every request is attributed to one client by one rule (client-identity.ts): a connected
 *   client's token first, then the User-Agent, then the field manager.
 * - Reconciles of clients the console does not run are INFERRED: requests about one object
 *   grouped into passes (pass-inference.ts), each linked to the watch events that reached the
 *   client just before, with the rule that linked them and a confidence (trigger-rules.ts).
 *   They leave as ordinary reconcile telemetry marked `inferred`. The console's own controllers
 *   are never inferred (their reconciles are recorded exactly) and never counted twice.
 * - Every 409 a client gets names the version that won and the client that wrote it.
 * - Hot loops (hot-loop-detector.ts) are flagged for every client, embedded ones included, once
 *   5 echo-only writes of one field build up within 10 s; a converging controller never is.
 *   A client no watch event ever reached (a real cluster read through audit) is judged by its
 *   writes alone (write-churn.ts): 10 changing writes of one object within 10 s with no other
 *   client writing it, or an object it controls, in between.
 * - Read again, applied once: with `appliedThrough` (the last journal seq a previous run applied),
 *   records up to it rebuild the state and emit nothing; `close()` ends the open passes, so each
 *   journaled reconcile has its end before a restart.
 * - Memory is bounded: recent events, passes, written versions and watches are capped, and so
 *   are the clients (name-limits.ts): beyond the limit the idle are forgotten first and new
 *   names are folded into a counted "other" (bounded-names.ts), so no name buys memory.
 *
 * - Staleness (staleness.ts, KEP-5647's concern seen from the server): per client and watched
 *   resource, how far the newest resourceVersion delivered lags the server's, in versions and
 *   seconds; and writes made on a stale view (stale-writes.ts) — the object's current version,
 *   written by another client, not yet shown to the writer — with the fields, both versions and
 *   the journal seqs as evidence. Lower bounds: what a client has processed may be older still
 *   than what was delivered. A passed precondition, a blind write and a client's own newer
 *   version are never flagged; after a resync nothing is flagged on what may have been lost.
 *
 * - A report card per client (report-card.ts): retries after 409s, backoff on 429 and 5xx,
 *   watching not polling, status through /status, observedGeneration, hot loops, finalizers,
 *   owner references, stale views, RBAC gaps — each a verdict with journal seqs as evidence.
 *   Pure: the journal's records and activity's hot loops and stale writes in, a card out.
 *
 * - The shapes around it: where its records come from (`ActivityFeed`, activity-feed.ts), what
 *   the console's views read (`ActivityView`), the bounded request log, and the time window
 *   every time taken from outside is checked against (input-time-window.ts: an hour ahead of
 *   the console's clock at most).
 *
 * Misuse: feed records in journal order (`seq`); after a `resync` hello the state derived from
 * lost records is dropped, not guessed.
 */
export { Activity, type ActivityClock, type ActivityOptions, type ActivityState, type TelemetryInput } from './activity.ts';
export { ClientIdentifier, type ClientIdentifierOptions, type ClientIdentity, type RequestOrigin } from './client-identity.ts';
export { defaultInferenceSettings, type InferenceSettings } from './trigger-rules.ts';
export { defaultHotLoopSettings, type HotLoopSettings } from './hot-loop-detector.ts';
export { BoundedNames, type BoundedNamesOptions } from './bounded-names.ts';
export { clipName, nameLimits } from './name-limits.ts';
export { apiCallRecord, type CallingReconcile, type ReconcileCall } from './api-call-record.ts';
export { reportCard, type ReportCardInput } from './report-card.ts';
export type { ActivityFeed, ActivityFeedFactory, JournalFeedHandler } from './activity-feed.ts';
export type { ActivityView } from './activity-view.ts';
export { RequestLog, matchesWriteFilters, type RequestLogQuery, type RequestSink } from './request-log.ts';
export { isRequestAbout, type RequestObjectFilter } from './request-object-filter.ts';
export { AdmissionTally, type AdmissionTallyOptions } from './admission-tally.ts';
export { futureToleranceMs, timeOutsideWindow, type InputTimeWindow } from './input-time-window.ts';

/**
 * @dojo/telemetry-sources — real-cluster inputs: OTLP traces, scraped controller metrics,
 * audit events, each checked and bounded.
 *
 * The console's own controllers tell it everything through the runtime's journal; operators it
 * does not run, on a cluster it does not serve, are seen through three inputs, each turned into
 * the same records the journal holds so every view reads them alike:
 * - otel/: an OTLP/HTTP trace receiver's logic (protobuf or JSON, decoded by `decodeTraceRequest`)
 *   whose spans become reconciles and API calls (`TraceReceiver`), joined to the clients of a
 *   request journal where one is read (`TracedClients`).
 * - scrape/: Prometheus scraping of controller-runtime's metrics endpoints (`Scraper`,
 *   `ConsoleScrapeTargets`): queue depth, reconcile rates and durations, REST client requests.
 * - audit/: kube-apiserver's audit events, pushed to a webhook or followed in a log file
 *   (`AuditFeed`, `AuditLogFollower`), numbered into request-journal records for the activity.
 *
 * Promises:
 * - Input from outside is refused, never clamped or trusted: nesting beyond a documented depth
 *   (json-depth.ts), times outside @dojo/activity's input window, names beyond its name limits;
 *   one bad item is refused and counted, the rest of its batch is taken.
 * - Memory is bounded: controllers, clients, targets, samples and response bodies are capped.
 * - No HTTP server of its own: the console's routes (apps/server/src/routes/) decode the request,
 *   call in here and encode the answer; the audit webhook's listener is the console's too.
 *
 * Misuse: a sink's records go to the console's journal; a second writer would break its order.
 */
export {
  decodeTraceRequest,
  encodeRpcStatus,
  encodeTraceResponse,
  otlpContentTypes,
  otlpTypes,
  type OtlpEncoding,
  type OtlpSpan,
  type OtlpTraceRequest,
  type PartialSuccess,
} from './otel/receive-codec.ts';
export { otlpExporterEnv, shellAssignments } from './otel/receive-env.ts';
export { TracedReconciles, type ClientMatcher, type TracedReconcilesOptions } from './otel/receive-reconciles.ts';
export { TraceReceiver, traceReceiverOff, type TraceReceiverOptions, type TraceSink } from './otel/receive-service.ts';
export { receivedFromTrace, type ReceivedStart } from './otel/received-from-trace.ts';
export { TracedClients, type TracedClientsOptions } from './otel/traced-clients.ts';

export { ConsoleScrapeTargets, type ScrapeControl } from './scrape/console-scrape-targets.ts';
export { kubeconfigBearerToken, type BearerTokenSource } from './scrape/kubeconfig-token.ts';
export { defaultScrapeAllow, loopbackScrapeAllow, ScrapeAllowList } from './scrape/scrape-allow.ts';
export { applyScrapeFlags, type ScrapeTargetFlags } from './scrape/scrape-flags.ts';
export { defaultScrapeLimits, type ScrapeLimits } from './scrape/scrape-limits.ts';
export { parseScrapeSpec, parseScrapeSpecs, type ScrapeTargetSpec } from './scrape/scrape-spec.ts';
export { decodeScrapeTargetRequest } from './scrape/scrape-target-request.ts';
export { ScrapeTargetsFile } from './scrape/scrape-targets-file.ts';
export { defaultScrapeIntervalMs, Scraper, type ScraperOptions } from './scrape/scraper.ts';

export { auditEventProblem, type AuditRefusal } from './audit/audit-event-check.ts';
export type { AuditEvent, AuditEventList, AuditLevel } from './audit/audit-event.ts';
export { AuditFeed, type AuditBatchResult, type AuditFeedOptions, type AuditSink } from './audit/audit-feed.ts';
export { AuditLogFollower, type AuditLogFollowerOptions } from './audit/audit-log-follower.ts';
export { conflictWinnerLookup, type ConflictWinner } from './audit/conflict-winner.ts';

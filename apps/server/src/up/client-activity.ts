/**
 * What every client of the cluster does, for `up`: operators the console did not start are seen
 * through the embedded API server's request journal, or on a connected cluster through its
 * audit events when --audit-webhook or --audit-log asks for them (docs/audit.md); with neither,
 * there is no activity. Built here, started by the wiring once its sources run.
 */
import type { ClientIdentifier } from '@dojo/activity';
import { requestsStream, type HistoryStore } from '@dojo/history';
import { realClock, type Journal, type KubeTransport, type Manager } from '@dojo/runtime';
import type { ActivityFeedFactory } from '@dojo/activity';
import { ActivityService, HandleJournalFeed, type TelemetryHistory } from '@dojo/live-feeds';
import { AuditFeed, conflictWinnerLookup, TracedClients } from '@dojo/telemetry-sources';
import type { UpOptions } from '../cli-args.ts';
import { JournalWriters } from '@dojo/explain';
import type { ClusterBackend } from './cluster-backend.ts';

export interface ClientActivity {
  activity?: ActivityService;
  /** The audit events' feed (a connected cluster with --audit-webhook or --audit-log). */
  auditFeed?: AuditFeed;
  /** A traced operator that is also a client of the API server is matched to it by its calls. */
  tracedClients?: TracedClients;
  /** The request journal names the client of every write; only the embedded API server keeps one. */
  writes?: JournalWriters;
}

export interface ClientActivityDeps {
  options: UpOptions;
  dataDir: string;
  backend: ClusterBackend;
  transport: KubeTransport;
  manager: Manager;
  journal: Journal;
  telemetry: TelemetryHistory;
  history: HistoryStore;
  identifier: ClientIdentifier;
}

export function clientActivity({ options, dataDir, backend, transport, manager, journal, telemetry, history, identifier }: ClientActivityDeps): ClientActivity {
  const { apiserver } = backend;
  const audited = !apiserver && (options.auditWebhook === true || options.auditLog !== undefined);
  if (!apiserver && !audited) return {};
  const writes = apiserver ? new JournalWriters(identifier) : undefined;
  let auditFeed: AuditFeed | undefined;
  const feed: ActivityFeedFactory = apiserver
    ? (handler) => new HandleJournalFeed(apiserver, handler)
    : (handler) =>
        (auditFeed = new AuditFeed(handler, {
          clock: realClock,
          conflictWinner: conflictWinnerLookup((path, signal) => manager.apiClient.getPath(path, signal)),
        }));
  const tracedClients = options.otlpReceiver ? new TracedClients({ identifier }) : undefined;
  // The journal's seq continues across restarts, and the history keeps the last one this console applied.
  const requestsHistory = history.stream(requestsStream);
  const activity = new ActivityService({
    transport,
    journal,
    identifier,
    ...(tracedClients ? { sendsTraces: (client: string) => tracedClients.sendsTraces(client) } : {}),
    dataDir,
    ...(apiserver ? { server: apiserver.url, appliedThrough: requestsHistory.lastSeq } : {}),
    // As many as the inference joins (its bounded maps): the newest of the journal's replay window.
    recordedTelemetry: () => telemetry.stored({ types: ['reconcile-start', 'api-call'], untilSeq: journal.lastSeq, limit: 50_000, newest: true }),
    // Kept on disk with the rest of the history, under the same retention and coverage.
    sinks: [requestsHistory, ...(writes ? [writes] : []), ...(tracedClients ? [tracedClients] : [])],
    feed,
  });
  return { activity, ...(auditFeed ? { auditFeed } : {}), ...(tracedClients ? { tracedClients } : {}), ...(writes ? { writes } : {}) };
}

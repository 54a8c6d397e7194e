/**
 * Wiring of the request journal into the console: the feed reads the API server's journal,
 * every record goes to the request log (the one `append`) and to the activity inference; the
 * runtime's telemetry tells the inference what the console's own controllers did; inferred
 * reconciles, their API calls and conflicts are appended to the telemetry journal, so every
 * view draws them beside the exact ones.
 */
import type {
  ActivitySnapshot,
  AdmissionSummary,
  ClientStalenessAnswer,
  ConnectAnswer,
  RequestJournalHello,
  RequestJournalRecord,
  RequestLogPage,
  TelemetryRecord,
} from '@dojo/console-protocol';
import {
  Activity,
  AdmissionTally,
  RequestLog,
  type ActivityFeed,
  type ActivityFeedFactory,
  type ActivityView,
  type ClientIdentifier,
  type RequestLogQuery,
  type RequestSink,
} from '@dojo/activity';
import { connectClient, listClients } from '@dojo/apiserver';
import { newBadRequest } from '@dojo/kube-api';
import type { Journal, KubeTransport } from '@dojo/runtime';
import { connectCommands } from './connect-commands.ts';
import { JournalFeed } from './journal-feed.ts';

export interface ActivityServiceOptions {
  /** The API server whose journal JournalFeed reads over HTTPS; not needed with another `feed`. */
  transport?: KubeTransport;
  /** The console's telemetry journal: read for embedded reconciles, written with inferred ones. */
  journal: Journal;
  /** Who made a request: knows the console's controllers and its own user (client-identity.ts). */
  identifier: ClientIdentifier;
  /** Whether a client is a traced operator (otel/traced-clients.ts): its reconciles come from its traces, not inferred twice. */
  sendsTraces?: (client: string) => boolean;
  /** The console's data dir, and the embedded API server's URL (client credentials are written for it; none on a real cluster). */
  dataDir: string;
  server?: string;
  /** More places every journal record goes (e.g. a history store), after the request log. */
  sinks?: readonly RequestSink[];
  tickMs?: number;
  /**
   * The last journal seq a previous run of this console applied (the history's requests stream
   * keeps it): the feed starts from the journal's beginning again, and what was inferred from
   * records up to here is already in the telemetry journal, so it is not appended twice.
   */
  appliedThrough?: number;
  /**
   * The console's own reconciles and API calls recorded before this start (the telemetry
   * history, oldest first): the journal's replayed writes of its controllers join them by the
   * resourceVersion they returned, so hot loops are judged as they were before the restart.
   */
  recordedTelemetry?: () => Iterable<TelemetryRecord>;
  /** Where the journal records come from (HandleJournalFeed for the embedded server, AuditFeed); default: JournalFeed over `transport`. */
  feed?: ActivityFeedFactory;
}

function transportOf(options: ActivityServiceOptions): KubeTransport {
  if (!options.transport) throw new Error('ActivityService needs a transport to read the journal, or another feed');
  return options.transport;
}

export class ActivityService implements ActivityView {
  readonly requests: RequestLog;
  readonly #admission = new AdmissionTally();
  readonly #options: ActivityServiceOptions;
  readonly #activity: Activity;
  readonly #feed: ActivityFeed;
  readonly #sinks: readonly RequestSink[];
  /** Records this service appended to the telemetry journal: they come back through its subscription. */
  readonly #emitted = new WeakSet<object>();
  #unsubscribe: () => void = () => {};
  #timer: NodeJS.Timeout | undefined;

  constructor(options: ActivityServiceOptions) {
    this.#options = options;
    this.requests = new RequestLog(options.identifier);
    this.#sinks = [this.requests, this.#admission, ...(options.sinks ?? [])];
    this.#activity = new Activity({
      clock: { now: () => Date.now() },
      identifier: options.identifier,
      ...(options.appliedThrough ? { appliedThrough: options.appliedThrough } : {}),
      ...(options.sendsTraces ? { sendsTraces: options.sendsTraces } : {}),
      emit: (record) => {
        this.#emitted.add(record);
        options.journal.append(record);
      },
    });
    const handler = {
      hello: (hello: RequestJournalHello) => this.#activity.hello(hello),
      record: (record: RequestJournalRecord) => this.#record(record),
    };
    this.#feed = options.feed ? options.feed(handler) : new JournalFeed({ transport: transportOf(options), handler });
  }

  start(): void {
    const { journal } = this.#options;
    for (const record of this.#options.recordedTelemetry?.() ?? []) this.#ingestTelemetry(record);
    this.#unsubscribe = journal.subscribe(journal.lastSeq + 1, (delivery) => {
      if (delivery.resync || this.#emitted.has(delivery.record)) return;
      this.#ingestTelemetry(delivery.record);
    });
    this.#feed.start();
    this.#timer = setInterval(() => this.#activity.tick(), this.#options.tickMs ?? 250);
    this.#timer.unref();
  }

  stop(): void {
    this.#feed.stop();
    clearInterval(this.#timer);
    // The passes still open end now, while the telemetry journal still takes records: a restart
    // replays their requests without journaling them again, so this is their only end.
    this.#activity.close();
    this.#unsubscribe();
  }

  snapshot(): ActivitySnapshot {
    const state = this.#activity.snapshot();
    return {
      time: Date.now(),
      feed: this.#feed.state,
      ...state,
      connected: listClients(this.#options.dataDir).map(({ name, kubeconfigPath, serviceAccount }) => ({
        name,
        kubeconfigPath,
        ...(serviceAccount ? { serviceAccount } : {}),
      })),
    };
  }

  staleness(client: string): Omit<ClientStalenessAnswer, 'time'> {
    return this.#activity.staleness(client);
  }

  queryRequests(query: RequestLogQuery): RequestLogPage {
    return this.requests.query(query);
  }

  admission(): AdmissionSummary {
    return this.#admission.summary(Date.now());
  }

  /** A credential of its own for an operator the console did not start (`dojo-console connect`). */
  connect(name: string): ConnectAnswer {
    const { server } = this.#options;
    if (!server) throw newBadRequest('credentials are made for the embedded API server; on a real cluster, give the operator a ServiceAccount');
    const client = connectClient(this.#options.dataDir, name, server);
    return { name: client.name, kubeconfigPath: client.kubeconfigPath, server: client.server, commands: connectCommands(client.kubeconfigPath) };
  }

  #ingestTelemetry(record: TelemetryRecord): void {
    if (record.type === 'reconcile-start' || record.type === 'api-call') this.#activity.ingestTelemetry(record);
  }

  #record(record: RequestJournalRecord): void {
    for (const sink of this.#sinks) sink.append(record);
    this.#activity.ingest(record);
  }
}

/**
 * `dojo-console open FILE`: a console that serves a recording, read-only, with no cluster.
 * The file is imported into a history store of its own (`<data-dir>/recording.db`), and the
 * console's views are served by the same code as a live console's, over a replay of it:
 * - the Kubernetes read path: the recorded object versions at the instant asked about
 *   (replay/replay-transport.ts);
 * - telemetry: the same `TelemetryHistory` a live console reads, over the recorded stream and
 *   a journal no one appends to;
 * - controllers: rebuilt from their telemetry at the instant (replay/replay-controllers.ts);
 * - what every API client did: the recorded request journal replayed up to the instant
 *   (replay/replay-activity.ts);
 * - what the OTLP trace receiver had: its traced controllers as recorded (replay/replay-traces.ts);
 * - "why is this not ready?": the live explainer over all of the above at the instant
 *   (replay/replay-explain.ts);
 * - history: the imported store itself.
 * Every write is refused with 405 "read-only recording"; the session says it is a recording.
 */
import { mkdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { ClientIdentifier } from '@dojo/activity';
import type { ClusterMode, RecordedController, RecordingSession, ServedResource, Session, TraceHeader } from '@dojo/console-protocol';
import {
  HistoryStore,
  importTrace,
  RecordedHistory,
  objectVersionStreams,
  requestsStream,
  telemetryStream,
  versionsStream,
  type HistoryStream,
} from '@dojo/history';
import { Journal } from '@dojo/runtime';
import { startConsoleServer, type ConsoleServer } from '../console-server.ts';
import { TelemetryHistory } from '@dojo/live-feeds';
import { loadOrCreateConsoleToken } from '../security/console-token.ts';
import {
  RecordedObjects,
  recordingActivity,
  RecordingConsoles,
  ReplayControllers,
  ReplayExplain,
  ReplayKinds,
  ReplayActivity,
  ReplayTraces,
  ReplayTransport,
  tracesMeta,
} from '@dojo/recording';

export interface OpenRecordingOptions {
  readonly file: string;
  /** The name people see (default: the file's). */
  readonly name?: string;
  /** Where the import goes (`recording.db`), and the console's token unless one is given. */
  readonly dataDir: string;
  readonly host: string;
  readonly port: number;
  readonly token?: string;
  readonly webRoot?: string;
}

export interface RunningRecording {
  readonly console: ConsoleServer;
  readonly loginUrl: string;
  readonly token: string;
  readonly recording: RecordingSession;
  readonly history: HistoryStore;
  /** Whether a tab has it open (a live connection). */
  inUse(): boolean;
  stop(): Promise<void>;
}

const recordedModes: readonly string[] = ['embedded', 'kubeconfig', 'in-cluster'];

/** The instant of the oldest record of telemetry or versions (the window's start when it had one). */
function firstInstant(streams: readonly HistoryStream<unknown>[], header: TraceHeader): number {
  let first = header.window.from ?? header.window.to;
  for (const stream of streams) {
    const [oldest] = stream.headers({ limit: 1 });
    if (oldest && oldest.time < first) first = oldest.time;
  }
  return first;
}

export async function openRecording(options: OpenRecordingOptions): Promise<RunningRecording> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const token = loadOrCreateConsoleToken(dataDir, options.token);
  const dbPath = join(dataDir, 'recording.db');
  const header = await importTrace(options.file, dbPath);
  // Nothing is appended and nothing may be evicted: a recording is kept whole, whatever its age.
  const history = new HistoryStore({ path: dbPath, flushEveryMs: 0, retentionEveryMs: 0 });
  const telemetryRecords = history.stream(telemetryStream);
  const telemetry = new TelemetryHistory(new Journal({ capacity: 1, firstSeq: telemetryRecords.lastSeq + 1 }), telemetryRecords);
  const end = header.window.to;
  const objectStreams = objectVersionStreams.map((spec) => history.stream(spec));
  const index = new RecordedObjects(objectStreams);
  const kinds = new ReplayKinds(header.meta.resources as ServedResource[] | undefined, index, end);
  const replay = new ReplayTransport(index, kinds, end);
  const recordedControllers = header.meta.controllers as RecordedController[] | undefined;
  const controllers = new ReplayControllers(telemetryRecords, recordedControllers, end);
  const embedded = new Set((recordedControllers ?? []).map((c) => c.name));
  const journaled = header.streams.some((s) => s.stream === requestsStream.name);
  const recordedTraces = new ReplayTraces(telemetryRecords, header.meta[tracesMeta], end);
  const tracedClients = new Set(recordedTraces.snapshot().controllers.flatMap((c) => c.client ?? []));
  // A recording keeps no console user: on a real cluster its own requests stay one connected client.
  const identifier = new ClientIdentifier({ isEmbedded: (name) => embedded.has(name) });
  const requests = journaled ? history.stream(requestsStream) : undefined;
  const activity = new ReplayActivity(requests, telemetryRecords, identifier, end, { sendsTraces: (client) => tracedClients.has(client) });
  const explain = new ReplayExplain({
    objects: index,
    kinds,
    controllers,
    historyAt: (until, isController) => new RecordedHistory(history, isController, until),
    ...(requests ? { requests } : {}),
    identifier,
    end,
  });
  const recording: RecordingSession = {
    name: options.name ?? basename(options.file),
    createdAt: header.createdAt,
    source: header.source,
    from: firstInstant([telemetryRecords, ...objectStreams] as HistoryStream<unknown>[], header),
    to: end,
    streams: header.streams,
  };
  const session = (): Session => ({
    cluster: {
      mode: (recordedModes.includes(header.source.clusterMode) ? header.source.clusterMode : 'kubeconfig') as ClusterMode,
      server: header.source.server,
    },
    leader: { identity: 'recording', isLeader: false },
    operators: Array.isArray(header.meta.operators) ? (header.meta.operators as string[]) : [],
    secretsRedacted: true,
    recording,
  });
  const nested = new RecordingConsoles({ host: options.host, token, dataDir }, openRecording);
  let server: ConsoleServer;
  try {
    server = await startConsoleServer({
      host: options.host,
      port: options.port,
      token,
      transport: (at) => replay.at(at),
      telemetry,
      history,
      recordsVersionsOf: (group, kind) => index.has(group, kind),
      controllers,
      activity,
      recordedTraces,
      explain,
      identifier,
      recordingActivity: recordingActivity(telemetryRecords, history.stream(versionsStream)),
      readOnly: true,
      recordings: {
        history,
        source: { dataDir, dbPath, secrets: [token] },
        open: (file, name) => nested.open(file, name),
        uploadDir: join(dataDir, 'uploads'),
      },
      metrics: { scrape: async () => '# A recording has no live metrics: its telemetry is in /api/telemetry.\n', contentType: 'text/plain; version=0.0.4' },
      allowSecretData: false,
      ready: () => true,
      session,
      hello: () => ({ session: session() }),
      ...(options.webRoot ? { webRoot: options.webRoot } : {}),
    });
  } catch (error) {
    await history.close();
    throw error;
  }
  return {
    console: server,
    loginUrl: `${server.url}login?token=${encodeURIComponent(token)}`,
    token,
    recording,
    history,
    inUse: () => server.liveConnections() > 0,
    async stop() {
      await server.close();
      explain.close();
      await nested.close();
      await history.close();
    },
  };
}

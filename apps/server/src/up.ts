/**
 * `dojo-console up`: a cluster backend (the embedded API server and simulated control plane,
 * or a real cluster via --kubeconfig / --in-cluster: up/cluster-backend.ts), the selected
 * operators, the optional parts flags turn on (up/optional-features.ts), and the console. Each
 * part is handed to one closer as it starts (up/closer.ts): stop() and a failed start close
 * them in reverse. Wiring only: which operators exist, their CRDs, controllers, settings and
 * the simulators they need come from the operator registry (@dojo/operator's `operators`).
 */
import { join, resolve } from 'node:path';
import { ensurePrivateDataDir, type ApiServerHandle } from '@dojo/apiserver';
import { ClientIdentifier } from '@dojo/activity';
import { eventsStream, HistoryStore, RecordedHistory, telemetryStream, versionsStream, type FieldHistoryDeps } from '@dojo/history';
import type { KubeObject } from '@dojo/kube-api';
import { operators, OperatorServices, type Closable, type OperatorContext } from '@dojo/operator';
import { createRuntimeMetrics, Journal, KubeTransport, Manager, realClock } from '@dojo/runtime';
import { recordVersionsOfServedKinds, TelemetryHistory, VersionRecorder, type ActivityService } from '@dojo/live-feeds';
import { removeConsoleEndpoint, writeConsoleEndpoint } from '@dojo/client-controls';
import type { AuditWebhookServer } from './audit/audit-webhook-server.ts';
import { learnConsoleUser } from './kube/console-user.ts';
import { ownPodOf } from './kube/own-pod.ts';
import type { UpOptions } from './cli-args.ts';
import { ConsoleControllers } from './console-controllers.ts';
import { startConsoleServer, type ConsoleServer } from './console-server.ts';
import { consoleVersion } from './console-version.ts';
import { ExplainService } from '@dojo/explain';
import { discoverResources, DiscoveryCache, objectFetcher, redactSecretResource } from '@dojo/console-live';
import {
  ConsoleScrapeTargets,
  defaultScrapeAllow,
  kubeconfigBearerToken,
  Scraper,
  ScrapeAllowList,
  ScrapeTargetsFile,
  traceReceiverOff,
  type TraceReceiver,
} from '@dojo/telemetry-sources';
import type { OtlpExport } from '@dojo/otlp-export';
import { clusterSecretValues, keepControllers, keepingResources, keepSource, keepTraceReceiver, RecordingConsoles, SecretValueLedger } from '@dojo/recording';
import { ensureCrds } from './kube/crd-installer.ts';
import { servesResource } from './kube/served-resource.ts';
import { openRecording } from './recording/open-recording.ts';
import { loadOrCreateConsoleToken, loadOrCreateToken } from './security/console-token.ts';
import { clientActivity } from './up/client-activity.ts';
import { Closer } from './up/closer.ts';
import type { UpTuning } from './up/up-tuning.ts';
import { startClusterBackend } from './up/cluster-backend.ts';
import { beforeControllers, startFeatures, telemetryIntake, type FeatureParts } from './up/optional-features.ts';

export interface RunningConsole {
  console: ConsoleServer;
  journal: Journal;
  /** The history on disk (`<data-dir>/history.db`): telemetry and object versions. */
  history: HistoryStore;
  loginUrl: string;
  kubeconfigPath: string;
  token: string;
  /** The embedded API server (embedded mode only): on its own thread unless `UpTuning.apiserver` says otherwise. */
  apiserver?: ApiServerHandle;
  /** What the operators started beside the cluster (their simulators), each under its module. */
  services: OperatorServices;
  /** Runs the controllers and owns the informers; fault tests compare its caches with a LIST. */
  manager: Manager;
  /** What every client of the embedded API server does (embedded mode only). */
  activity?: ActivityService;
  /** Operators' Prometheus endpoints (`--scrape`); more can be added while it runs. */
  scraper: Scraper;
  /** The OTLP trace receiver (`--otlp-receiver`): where operators send, and its token. */
  traces?: { endpoint: string; token: string; receiver: TraceReceiver };
  /** Every reconcile sent as OTLP spans (`--otlp-endpoint`). */
  otlp?: OtlpExport;
  /** The audit webhook's HTTPS listener and the kubeconfig kube-apiserver is given (`--audit-webhook`). */
  auditWebhook?: AuditWebhookServer;
  stop(): Promise<void>;
}

export type { UpTuning } from './up/up-tuning.ts';

export async function runUp(options: UpOptions, tuning: UpTuning = {}): Promise<RunningConsole> {
  const dataDir = resolve(options.dataDir);
  ensurePrivateDataDir(dataDir);
  const token = loadOrCreateConsoleToken(dataDir, options.token);
  // Everything below is deferred to one closer as it starts: stop() closes it in reverse, and so
  // does a start that fails half-way, so nothing is left listening or open.
  const closer = new Closer();
  return closer.startOrClose(() => startConsole(options, tuning, dataDir, token, closer));
}

async function startConsole(options: UpOptions, tuning: UpTuning, dataDir: string, token: string, closer: Closer): Promise<RunningConsole> {
  const backend = await startClusterBackend(options, dataDir, tuning, closer);
  const { apiserver, kubeConfig, kubeconfigPath } = backend;

  const metrics = createRuntimeMetrics();
  const history = new HistoryStore({
    path: join(dataDir, 'history.db'),
    retention: {
      ...(options.historyRetentionMs ? { maxAgeMs: options.historyRetentionMs } : {}),
      ...(options.historyMaxBytes ? { maxBytes: options.historyMaxBytes } : {}),
    },
  });
  closer.defer('the history', () => history.close());
  const telemetryHistory = history.stream(telemetryStream);
  // The journal's ring is the live cache; the history continues its sequence across restarts.
  const journal = new Journal({
    capacity: tuning.journalCapacity ?? 100_000,
    firstSeq: telemetryHistory.lastSeq + 1,
    sink: { write: (record) => telemetryHistory.append(record) },
  });
  const telemetry = new TelemetryHistory(journal, telemetryHistory);
  const transport = await KubeTransport.fromKubeConfig(kubeConfig, { metrics: metrics.restClient, userAgent: 'dojo-console' });
  closer.defer('the cluster transport', () => transport.close());
  const selected = operators.filter((o) => options.operators.includes(o.name));
  // Every selected operator's CRDs are served before the manager starts: informers list first.
  await ensureCrds(
    transport,
    selected.flatMap((o) => o.crds()),
    backend.installCrds,
  );

  const manager = await Manager.create({
    kubeConfig,
    journal,
    metrics,
    fieldManager: 'dojo-console',
    ...(options.leaderElect
      ? {
          leaderElection: { leaseName: 'dojo-console-leader', ...(options.leaderElectionNamespace ? { leaseNamespace: options.leaderElectionNamespace } : {}) },
        }
      : {}),
  });
  const controllers = new ConsoleControllers(journal, (name) => manager.watchSources(name));
  // Who made a request, for every view: the console's controllers, and its own user shared like admin (client-identity.ts).
  const identifier = new ClientIdentifier({
    isEmbedded: (name) => controllers.get(name) !== undefined,
    consoleUser: await learnConsoleUser(transport, (message) => console.warn(`warning: ${message}`)),
  });
  const parts: FeatureParts = {};
  const featureContext = { options, dataDir, backend, journal, metrics, history, identifier, parts };
  const defer = (name: string, closable: Closable) => closer.defer(name, () => closable.close());
  await startFeatures(beforeControllers, featureContext, defer);
  await backend.startControlPlane(manager, controllers, tuning, closer);
  const services = new OperatorServices();
  closer.defer("the operators' services", () => services.close());
  for (const operator of selected) {
    const context: OperatorContext = {
      settings: options.operatorSettings?.[operator.name] ?? {},
      // Modules' secrets live beside the console's token, 0600, so a test on the same data dir can reach a simulator's fault knobs.
      token: (name, preset) => loadOrCreateToken(dataDir, name, preset),
      statePath: (name) => join(dataDir, name),
      env: process.env,
      serves: (group, version, resource) => servesResource(transport, group, version, resource),
      warn: (message) => console.warn(`warning: ${message}`),
      services: services.forModule(operator.name),
    };
    for (const entry of await operator.register(manager, context)) controllers.add({ ...entry, role: 'operator' });
  }
  await manager.start();
  closer.defer('the manager', () => manager.stop());
  closer.defer('the controller list', () => controllers.close());
  const ownPod = options.inCluster ? ownPodOf(process.env) : undefined;
  // What a recording of this session needs beyond its streams.
  keepSource(history, { clusterMode: backend.mode, server: transport.server.toString(), consoleVersion: consoleVersion() }, options.operators);
  keepControllers(history, controllers.list());
  // A real cluster: only the kinds the controllers already watch, which the console's least-privilege identity may read.
  // Every value a watched Secret has had, as salted hashes, so an export scrubs rotated and deleted ones too.
  const secretLedger = SecretValueLedger.open(dataDir);
  // The history keeps a Secret as the console's proxy answers with it: keys, never values.
  const redactSecret = (secret: KubeObject) => redactSecretResource(secret) as KubeObject;
  const versionedKinds = recordVersionsOfServedKinds(
    manager.informers,
    new VersionRecorder(history.stream(versionsStream), redactSecret, Date.now, (secret) => secretLedger.rememberSecret(secret)),
    keepingResources(history, () => discoverResources(transport)),
    {
      scope: backend.versionScope,
      events: new VersionRecorder(history.stream(eventsStream), redactSecret),
    },
  );
  closer.defer('the version recorder', () => versionedKinds.close());
  const recordings = new RecordingConsoles({ host: options.host, token, dataDir }, openRecording);
  closer.defer('the opened recordings', () => recordings.close());
  const recorded = new RecordedHistory(history, (name) => controllers.get(name) !== undefined);
  const { activity, auditFeed, tracedClients, writes } = clientActivity({
    options,
    dataDir,
    backend,
    transport,
    manager,
    journal,
    telemetry,
    history,
    identifier,
  });
  const recordsVersionsOf = (group: string, kind: string) => versionedKinds.records(group, kind);
  const explain = new ExplainService({
    informers: () => manager.informers.informers(),
    // The garbage collector's For kind is every kind ("*"): it owns none of them.
    controllers: () =>
      controllers
        .all()
        .filter((e) => e.forKind.kind !== '*')
        .map((e) => ({ name: e.controller.name, forKind: e.forKind, state: () => e.controller.state() })),
    history: recorded,
    ...(writes ? { writes } : {}),
    recordsVersionsOf,
    fetch: objectFetcher(manager.apiClient, new DiscoveryCache(() => discoverResources(transport), { ttlMs: 30_000 })),
  });
  closer.defer('explain', () => explain.close());
  const fieldHistory: FieldHistoryDeps = { history: recorded, liveObject: (identity) => explain.cachedObject(identity), recordsVersionsOf };
  let ready = true;
  await startFeatures(telemetryIntake, { ...featureContext, ...(auditFeed ? { auditFeed } : {}), ...(tracedClients ? { tracedClients } : {}) }, defer);
  if (!parts.traces) keepTraceReceiver(history, traceReceiverOff);
  activity?.start();
  if (activity) closer.defer('the activity inference', () => activity.stop());
  const scraper = new Scraper(options.scrape ?? [], {
    clock: realClock,
    kubeconfigToken: kubeconfigBearerToken(kubeConfig),
    // The dialog may not point the console anywhere on its network: loopback and the cluster's API server by default.
    allow: new ScrapeAllowList(options.scrapeAllow ?? defaultScrapeAllow(transport.server.toString())),
    ...(options.scrapeIntervalMs ? { intervalMs: options.scrapeIntervalMs } : {}),
  });
  const scrapeTargets = new ConsoleScrapeTargets(scraper, new ScrapeTargetsFile(dataDir), (message) => console.warn(`warning: ${message}`));
  scraper.start();
  closer.defer('the scraper', () => scraper.stop());

  const server = await startConsoleServer({
    host: options.host,
    port: options.port,
    token,
    transport: () => transport,
    telemetry,
    history,
    recordsVersionsOf,
    controllers,
    debug: controllers,
    recordings: {
      history,
      source: { dataDir, secrets: [token] },
      secretsNow: async () => {
        const values = await clusterSecretValues(transport);
        secretLedger.remember(values);
        return values;
      },
      open: (file, name) => recordings.open(file, name),
      uploadDir: join(dataDir, 'uploads'),
    },
    explain,
    identifier,
    fieldHistory,
    metrics: { scrape: () => metrics.scrape(), contentType: metrics.contentType },
    allowSecretData: options.allowSecretData,
    ready: () => ready && backend.healthy() && manager.readyz().ok,
    session: () => ({
      cluster: {
        mode: backend.mode,
        server: transport.server.toString(),
        ...(options.context ? { context: options.context } : {}),
        // Only the path, for "kubectl --kubeconfig …": the credentials never reach the browser.
        ...(options.inCluster ? {} : { kubeconfig: kubeconfigPath }),
        // Where `dojo-console connect --data-dir` finds this console's API server (the UI shows the exact command).
        ...(apiserver ? { dataDir } : {}),
        // Running in the cluster, the console (and the operators it runs) log to its own Pod.
        ...(ownPod ? { pod: ownPod } : {}),
      },
      leader: { identity: manager.identity ?? 'local', isLeader: manager.isLeader(), holder: manager.leader() ?? manager.identity ?? 'local' },
      operators: options.operators,
      secretsRedacted: !options.allowSecretData,
    }),
    hello: () => ({ session: { cluster: apiserver ? 'embedded' : 'kubeconfig' } }),
    ...(tuning.maxSocketBufferBytes ? { maxSocketBufferBytes: tuning.maxSocketBufferBytes } : {}),
    simulators: services,
    operatorModules: selected,
    ...(activity ? { activity } : {}),
    ...backend.consoleParts(dataDir),
    ...(parts.audit ? { audit: parts.audit } : {}),
    ...(parts.traces ? { traces: parts.traces } : {}),
    scrape: scrapeTargets,
  });
  closer.defer('the console server', () => server.close());

  // `dojo-console client NAME …` finds this console through the data dir (client-controls/console-endpoint.ts).
  writeConsoleEndpoint(dataDir, server.url);
  closer.defer('the console endpoint file', () => {
    ready = false;
    removeConsoleEndpoint(dataDir);
  });

  return {
    console: server,
    journal,
    history,
    loginUrl: `${server.url}login?token=${encodeURIComponent(token)}`,
    kubeconfigPath,
    token,
    manager,
    ...(apiserver ? { apiserver } : {}),
    ...(activity ? { activity } : {}),
    scraper,
    ...(parts.traces ? { traces: { ...parts.traces, endpoint: server.url.replace(/\/$/, '') } } : {}),
    services,
    ...(parts.otlp ? { otlp: parts.otlp } : {}),
    ...(parts.auditWebhook ? { auditWebhook: parts.auditWebhook } : {}),
    stop: () => closer.close(),
  };
}

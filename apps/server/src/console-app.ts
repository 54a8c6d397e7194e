/**
 * The console's HTTP surface (docs/protocol.md): login, guards, the Kubernetes proxy, debug
 * controls, telemetry, history, what every API client does (activity), recordings, operators' simulators, metrics, and the built UI. Handlers
 * decode, call, encode; one error middleware turns every failure into a Status. A console
 * serving a recording is the same surface over a replay, with every write refused.
 */
import express from 'express';
import type { ClientIdentifier, ActivityView } from '@dojo/activity';
import type { RecordingActivity, Session, TraceReceiverSnapshot } from '@dojo/console-protocol';
import { newStatusError } from '@dojo/kube-api';
import { requestsStream, type FieldHistoryDeps, type HistoryStore } from '@dojo/history';
import { auditRoutes } from './routes/audit-routes.ts';
import { otlpReceiverRoutes } from './routes/otlp-receiver-routes.ts';
import { traceReceiverOff, type AuditSink, type ScrapeControl, type TraceReceiver } from '@dojo/telemetry-sources';
import type { OperatorModule } from '@dojo/operator';
import type { ConsoleControllers } from './console-controllers.ts';
import { type ControllerView, discoverResources, DiscoveryCache, type TransportAt } from '@dojo/console-live';
import type { ExplainAnswers } from '@dojo/explain';
import type { TelemetrySource } from '@dojo/live-feeds';
import { readOnlyRecording } from '@dojo/recording';
import { kubeProxy } from './kube/kube-proxy.ts';
import { activityRoutes } from './routes/activity-routes.ts';
import { clientStalenessRoutes } from './routes/client-staleness-routes.ts';
import { clientFaultRoutes, type ClientFaultRoutesDeps } from './routes/client-fault-routes.ts';
import type { ClientRbacSource } from '@dojo/client-controls';
import { clientRbacRoutes } from './routes/client-rbac-routes.ts';
import { clientReportRoutes } from './routes/client-report-routes.ts';
import { controllerRoutes } from './routes/controller-routes.ts';
import { clientViewRoutes, type ClientViewControl } from './routes/client-view-routes.ts';
import { webhookServiceRoutes, type WebhookServiceControl } from './routes/webhook-service-routes.ts';
import { operatorRoutes, simulatorRoutes, type SimulatorDirectory } from './routes/simulator-routes.ts';
import { explainRoutes } from './routes/explain-routes.ts';
import { endpointRouter } from './routes/typed-routes.ts';
import { fieldHistoryRoutes } from './routes/field-history-routes.ts';
import { historyRoutes } from './routes/history-routes.ts';
import { recordingRoutes, type RecordingRoutesDeps } from './routes/recording-routes.ts';
import { discoveryRoutes } from './routes/discovery-routes.ts';
import { statusErrors } from './routes/status-errors.ts';
import { telemetryRoutes } from './routes/telemetry-routes.ts';
import { viewTimeOf } from './routes/view-time.ts';
import { scrapeRoutes } from './routes/scrape-routes.ts';
import { checkCsrf, checkHost, checkToken, isConsoleToken, presentedToken, tokenCookieMaxAgeMs, type GuardOptions } from './security/request-guards.ts';
import { setSecurityHeaders } from './security/security-headers.ts';
import { readWebBuild, webBuildRoutes } from './web/web-build.ts';

export interface ConsoleAppDeps {
  guards: GuardOptions;
  /** The cluster, at the instant a request asks about (only a recording has instants other than now). */
  transport: TransportAt;
  telemetry: TelemetrySource;
  /** History on disk; without it the console serves the ring only and has no /api/history. */
  history?: HistoryStore;
  /** Whether versions of a kind are recorded (a real cluster records only the kinds its controllers watch). */
  recordsVersionsOf?: (group: string, kind: string) => boolean;
  controllers: ControllerView;
  /** The live controllers the debug commands drive; absent in a recording. */
  debug?: ConsoleControllers;
  /** Export and upload of recordings. */
  recordings?: RecordingRoutesDeps;
  /** A recording: every write is refused (405 "read-only recording"), uploads of other recordings excepted. */
  readOnly?: boolean;
  /** "Why is this not ready?" (/api/explain); absent, the console does not serve it. */
  explain?: ExplainAnswers;
  /** Names the client of a request (who deleted an object, in /api/history). */
  identifier?: ClientIdentifier;
  /** Field history by writer (/api/history/fields); needs the history on disk. */
  fieldHistory?: FieldHistoryDeps;
  metrics: { scrape(): Promise<string>; contentType: string };
  session: () => Session;
  ready: () => boolean;
  allowSecretData: boolean;
  /** The web build's directory, read once at start (web/web-build.ts): later rebuilds do not reach a running console. */
  webRoot: string;
  /** What the operator modules started beside the cluster (`/api/simulators`); absent in a recording. */
  simulators?: SimulatorDirectory;
  /** The operator modules this console runs (`/api/operators`); absent in a recording. */
  operatorModules?: readonly OperatorModule[];
  /** What every client of the embedded API server does; absent with another cluster. */
  activity?: ActivityView;
  /** A connected client's least-privilege RBAC, from the embedded API server's journal; absent with another cluster. */
  clientRbac?: ClientRbacSource;
  /** Operators' Prometheus endpoints (`--scrape`, and those added in the console); absent, `/api/scrape` lists no targets and takes none. */
  scrape?: ScrapeControl;
  /** The audit webhook backend (`POST /audit/v1/events`), with its own token. */
  audit?: { token: string; sink: AuditSink };
  /** The OTLP/HTTP trace receiver (`POST /v1/traces`, `--otlp-receiver`), with its own token. */
  traces?: { token: string; receiver: TraceReceiver };
  /** A recording's: when reconciles, conflicts and writes happened in it, for its time slider's markers. */
  recordingActivity?: () => RecordingActivity;
  /** Connected clients' view controls (`/api/clients/:name/view`); the embedded API server's, absent with another cluster. */
  clientViews?: ClientViewControl;
  /** A recording's: what the recorded console's receiver had (recording/replay/replay-traces.ts). */
  recordedTraces?: { snapshot(): TraceReceiverSnapshot };
  /** Faults on connected clients' requests (`/api/clients/:name/faults`); absent with another cluster. */
  clientFaults?: ClientFaultRoutesDeps;
  /** The webhook service map (`/api/webhook-services`, `dojo-console webhook map`); the embedded API server's, absent with another cluster. */
  webhookServices?: WebhookServiceControl;
}

const loginPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dojo Console — sign in</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>Dojo Console</h1><p>This console needs its access token. Open the URL that <code>npm start</code> printed
(it ends in <code>/login?token=…</code>), or find the token in <code>&lt;data-dir&gt;/console-token</code>.</p></body></html>`;

const notFound = () => newStatusError(404, 'NotFound', 'the server could not find the requested resource');
const noWebhookServiceMap = () =>
  newStatusError(404, 'NotFound', "the webhook service map is the embedded cluster's: this console has none (a real cluster reaches its Services itself)");

export function createConsoleApp(deps: ConsoleAppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.use((req, res, next) => {
    setSecurityHeaders(res);
    const problem = checkHost(req, deps.guards);
    if (problem) return next(problem);
    next();
  });
  app.get('/healthz', (_req, res) => void res.type('text/plain').send('ok'));
  app.get(
    '/readyz',
    (_req, res) =>
      void res
        .status(deps.ready() ? 200 : 503)
        .type('text/plain')
        .send(deps.ready() ? 'ok' : 'starting'),
  );
  app.get('/login', (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token.trim() : '';
    if (!isConsoleToken(token, deps.guards)) {
      res.status(401).type('html').send(loginPage);
      return;
    }
    res.cookie(deps.guards.cookieName, token, { httpOnly: true, sameSite: 'strict', path: '/', secure: false, maxAge: tokenCookieMaxAgeMs });
    res.redirect(303, '/');
  });
  // Before the console token: the API server presents the audit webhook's own token.
  if (deps.audit) app.use('/audit', auditRoutes(deps.audit.token, deps.audit.sink));
  // Likewise operators' OTLP exporters, with the receiver's token.
  if (deps.traces) app.use('/v1', otlpReceiverRoutes(deps.traces.token, deps.traces.receiver));
  app.use((req, res, next) => {
    const refused = checkToken(req, deps.guards);
    if (refused) {
      if (req.path.startsWith('/api/') || req.path === '/metrics' || req.path === '/ws' || presentedToken(req, deps.guards)) return next(refused);
      res.status(401).type('html').send(loginPage);
      return;
    }
    next(checkCsrf(req, deps.guards));
  });

  if (deps.readOnly) {
    app.use((req, _res, next) => {
      const reads = req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS';
      next(
        reads || (req.method === 'POST' && req.path === '/api/recordings')
          ? undefined
          : readOnlyRecording(req.path.startsWith('/api/kube') ? 'its objects' : 'its controllers'),
      );
    });
  }
  // Express 5 passes a rejected handler's error to the error middleware, so handlers may be async.
  app.get('/metrics', async (_req, res) => void res.type(deps.metrics.contentType).send(await deps.metrics.scrape()));
  const shell = endpointRouter('/api');
  shell.on('GET /api/session', (_req, res) => void res.json(deps.session()));
  if (deps.recordingActivity) {
    const activityOf = deps.recordingActivity;
    shell.on('GET /api/recording/activity', (_req, res) => void res.json(activityOf()));
  }
  shell.on('GET /api/traces', (_req, res) => void res.json((deps.traces?.receiver ?? deps.recordedTraces)?.snapshot() ?? traceReceiverOff));
  app.use(shell.mount, shell.router);
  // Views of a recording answer as of the instant they ask about; a live console has only now.
  const asOf = deps.readOnly ? viewTimeOf : () => undefined;
  app.use('/api', discoveryRoutes(deps.transport, new DiscoveryCache(() => discoverResources(deps.transport()))));
  app.use('/api/controllers', controllerRoutes(deps.controllers, deps.debug));
  app.use('/api/telemetry', telemetryRoutes(deps.telemetry, asOf));
  if (deps.explain) app.use('/api/explain', explainRoutes(deps.explain));
  if (deps.fieldHistory) app.use('/api/history/fields', fieldHistoryRoutes(deps.fieldHistory));
  if (deps.history)
    app.use('/api/history', historyRoutes(deps.history, deps.recordsVersionsOf, { asOf, ...(deps.identifier ? { identifier: deps.identifier } : {}) }));
  if (deps.recordings) app.use('/api', recordingRoutes(deps.recordings));
  app.use('/api', activityRoutes(deps.activity, { ...(deps.history ? { requests: deps.history.stream(requestsStream) } : {}), asOf }));
  app.use('/api', clientStalenessRoutes(deps.activity));
  if (deps.clientFaults) app.use('/api/clients', clientFaultRoutes(deps.clientFaults));
  app.use('/api', clientRbacRoutes(deps.clientRbac));
  app.use(
    '/api',
    clientReportRoutes(deps.activity && deps.identifier ? { activity: deps.activity, identifier: deps.identifier, telemetry: deps.telemetry } : undefined),
  );
  if (deps.clientViews) app.use('/api/clients', clientViewRoutes(deps.clientViews));
  if (deps.webhookServices) app.use('/api/webhook-services', webhookServiceRoutes(deps.webhookServices));
  else app.use('/api/webhook-services', (_req, _res, next) => next(noWebhookServiceMap()));
  app.use('/api/scrape', scrapeRoutes(deps.scrape ?? { snapshot: () => ({ time: Date.now(), targets: [] }) }));
  if (deps.simulators) app.use('/api/simulators', simulatorRoutes(deps.simulators));
  if (deps.operatorModules) app.use('/api/operators', operatorRoutes(deps.operatorModules));
  app.use('/api/kube', kubeProxy({ transport: deps.transport, allowSecretData: deps.allowSecretData }));
  app.use('/api', (_req, _res, next) => next(notFound()));
  // The live endpoint speaks WebSocket only (console-server.ts hands upgrades to ws/).
  app.all('/ws', (_req, _res, next) => next(newStatusError(400, 'BadRequest', '/ws speaks WebSocket only: connect with an "Upgrade: websocket" request')));

  const webBuild = readWebBuild(deps.webRoot);
  if (webBuild) app.use(webBuildRoutes(webBuild));

  app.use((_req, _res, next) => next(notFound()));
  app.use(statusErrors);
  return app;
}

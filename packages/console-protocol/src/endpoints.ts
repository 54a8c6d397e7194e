/**
 * Every HTTP endpoint of the console under /api/, one entry each: `"METHOD /path/:param"` to
 * what a request carries (path params, query, JSON body) and what a success answers. The web's
 * client (apps/web/src/lib/console-api.ts) builds its calls from this map and the server's
 * routes (apps/server/src/routes/typed-routes.ts) are registered against it, so a changed
 * response type breaks the compile on both sides. Failures are never listed: every one is a
 * Kubernetes `Status`.
 *
 * Not in the map: `/api/kube/...`, the Kubernetes API itself relayed as it is (its types are
 * @dojo/kube-api's, chosen per kind by the caller), and `/ws` (its frames are live-messages.ts).
 */
import type { Status } from '@dojo/kube-api';
import type { AdmissionSummary } from './admission.ts';
import type { ActivitySnapshot, ConnectAnswer, ConnectRequest } from './activity.ts';
import type { FaultRuleSpec, ClientFaults } from './client-faults.ts';
import type { ClientRbac, RbacComparison } from './client-rbac.ts';
import type { ClientReportCard } from './client-report.ts';
import type { ClientViewCommand, ClientViewState } from './client-view.ts';
import type { ControllerDetails, ControllerList, StepAnswer } from './controllers.ts';
import type { BreakpointsRequest, ConcurrencyRequest, ContinueRequest, FaultsRequest } from './debug-requests.ts';
import type { Explanation, ReadinessHints } from './explain.ts';
import type { FieldHistory } from './field-history.ts';
import type { HistoryStatus, ObjectIncarnationsPage, ObjectVersionsPage } from './history.ts';
import type { OpenedRecording, RecordingActivity } from './recording.ts';
import type { RequestLogPage } from './requests.ts';
import type { KindSchema, ResourceTypeList } from './resources.ts';
import type { ScrapeSnapshot, ScrapeTargetRequest, ScrapeTargetStatus } from './scrape.ts';
import type { Session } from './session.ts';
import type { OperatorList, SimulatorList } from './simulators.ts';
import type { ClientStalenessAnswer } from './staleness.ts';
import type { TelemetryPage } from './telemetry.ts';
import type { TraceReceiverSnapshot } from './traces.ts';
import type { WebhookServiceMappings, WebhookServiceMapRequest } from './webhook-services.ts';

/** A query string's values as a caller passes them; the server decodes and checks each. */
export type EndpointQuery = Record<string, string | number | boolean | undefined>;

/** A gzip'd `.dojotrace` file as it travels (a browser's Blob or File is one): not JSON. */
export interface TraceFile {
  readonly size: number;
  readonly type: string;
}

/** One endpoint: its query and JSON body when it takes them, and its answer on success. */
interface Endpoint<Response, Request = undefined, Query extends EndpointQuery | undefined = undefined> {
  query: Query;
  request: Request;
  response: Response;
}

/**
 * `GET /api/requests`: the request-journal records the console has read (a bounded window, in a
 * recording the records up to the instant asked about), oldest first after `sinceSeq`, at most
 * `limit` (default 1,000, at most 10,000). Filters combine:
 * - `client`: one client's requests and watches (named as the activity names clients);
 * - one object's writes, for its Admission tab: `uid` and/or `namespace` + `name` (omit
 *   `namespace` for a cluster-scoped object), with `resource` (plural, as in the URL) and
 *   `group` ('' for the core group). A record with a uid matches by uid; one without — a create
 *   refused by admission, a refused update — matches by namespace + name (a create that only
 *   had generateName has no name and cannot be found);
 * - `admission=true`: only requests whose record carries `admission` (webhooks called, policies
 *   evaluated);
 * - `newest=true`: newest first; the next page is `beforeSeq=` the last record's seq. An
 *   object's requests newest first (without `client`) are read from the console's history, as
 *   far back as its retention keeps the journal, not only the window in memory.
 * The Admission tab asks `uid=U&namespace=NS&name=N&resource=R&group=G&admission=true&newest=true&limit=50`.
 */
type RequestsQuery = {
  client?: string | undefined;
  sinceSeq?: number | undefined;
  limit?: number | undefined;
  uid?: string | undefined;
  namespace?: string | undefined;
  name?: string | undefined;
  resource?: string | undefined;
  group?: string | undefined;
  admission?: boolean | undefined;
  /** true: only dry-run writes; false: none of them; absent: both. */
  dryRun?: boolean | undefined;
  newest?: boolean | undefined;
  beforeSeq?: number | undefined;
};

/** The history of one object: `namespace/name` (or `name`), and the incarnation (uid) when one is chosen. */
type ObjectQuery = { object: string; uid?: string | undefined };

export interface ConsoleEndpoints {
  'GET /api/session': Endpoint<Session>;
  // Discovery: the served kinds, and one kind's OpenAPI schema ("core" names the core group).
  'GET /api/resources': Endpoint<ResourceTypeList>;
  'GET /api/schema/:group/:version/:kind': Endpoint<KindSchema>;
  // The console's own controllers, and their debug controls.
  'GET /api/controllers': Endpoint<ControllerList>;
  'GET /api/controllers/:name': Endpoint<ControllerDetails, undefined, { keys?: number | undefined; match?: string | undefined }>;
  'POST /api/controllers/:name/pause': Endpoint<ControllerDetails>;
  'POST /api/controllers/:name/resume': Endpoint<ControllerDetails>;
  'POST /api/controllers/:name/step': Endpoint<StepAnswer>;
  'POST /api/controllers/:name/continue': Endpoint<ControllerDetails, ContinueRequest>;
  'PUT /api/controllers/:name/concurrency': Endpoint<ControllerDetails, ConcurrencyRequest>;
  'PUT /api/controllers/:name/breakpoints': Endpoint<ControllerDetails, BreakpointsRequest>;
  'PUT /api/controllers/:name/faults': Endpoint<ControllerDetails, FaultsRequest>;
  // Telemetry, traces and scraped metrics.
  'GET /api/telemetry': Endpoint<TelemetryPage, undefined, EndpointQuery>;
  'GET /api/traces': Endpoint<TraceReceiverSnapshot>;
  'GET /api/scrape': Endpoint<ScrapeSnapshot>;
  'POST /api/scrape/targets': Endpoint<ScrapeTargetStatus, ScrapeTargetRequest>;
  'DELETE /api/scrape/targets/:name': Endpoint<Status>;
  // Explanations and history.
  'GET /api/explain': Endpoint<Explanation, undefined, ObjectQuery>;
  'GET /api/explain/hints': Endpoint<ReadinessHints, undefined, { group: string; kind: string; namespace?: string | undefined }>;
  'GET /api/history': Endpoint<HistoryStatus>;
  'GET /api/history/versions': Endpoint<ObjectVersionsPage, undefined, ObjectQuery & { limit?: number | undefined }>;
  'GET /api/history/incarnations': Endpoint<ObjectIncarnationsPage, undefined, ObjectQuery>;
  'GET /api/history/fields': Endpoint<FieldHistory, undefined, ObjectQuery>;
  // Recordings: the export is a gzip'd .dojotrace download (a file, not JSON); an upload is sent as one.
  'GET /api/recording/export': Endpoint<TraceFile, undefined, { from?: number | undefined; to?: number | undefined }>;
  'POST /api/recordings': Endpoint<OpenedRecording, TraceFile, { name?: string | undefined }>;
  'GET /api/recording/activity': Endpoint<RecordingActivity>;
  // Clients of the API server: what they do, and the controls over a connected one.
  'GET /api/activity': Endpoint<ActivitySnapshot>;
  'GET /api/requests': Endpoint<RequestLogPage, undefined, RequestsQuery>;
  // Each admission webhook's and policy's calls, for the Overview's admission cards: computed
  // from the same journal records (in a recording, at the instant asked about).
  'GET /api/admission': Endpoint<AdmissionSummary>;
  // Where the embedded cluster reaches the Services webhook configurations name (`dojo-console webhook map`).
  'GET /api/webhook-services': Endpoint<WebhookServiceMappings>;
  'POST /api/webhook-services': Endpoint<WebhookServiceMappings, WebhookServiceMapRequest>;
  'DELETE /api/webhook-services/:service': Endpoint<WebhookServiceMappings>;
  'POST /api/clients': Endpoint<ConnectAnswer, ConnectRequest>;
  'GET /api/clients/:name/staleness': Endpoint<ClientStalenessAnswer>;
  'GET /api/clients/:name/report': Endpoint<ClientReportCard>;
  'GET /api/clients/:name/rbac': Endpoint<ClientRbac>;
  'POST /api/clients/:name/rbac/compare': Endpoint<RbacComparison, { roleFile: string }>;
  'GET /api/clients/:name/view': Endpoint<ClientViewState>;
  'POST /api/clients/:name/view': Endpoint<ClientViewState, ClientViewCommand>;
  'GET /api/clients/:name/faults': Endpoint<ClientFaults>;
  'POST /api/clients/:name/faults': Endpoint<ClientFaults, FaultRuleSpec>;
  'DELETE /api/clients/:name/faults': Endpoint<ClientFaults>;
  'DELETE /api/clients/:name/faults/:id': Endpoint<ClientFaults>;
  // The operator modules in use, and the external systems they simulate. A simulator's state and
  // fault knobs are relayed from its own control API as it answers them (its module's panel in
  // the web decodes them: features/discord/model for Discord's).
  'GET /api/operators': Endpoint<OperatorList>;
  'GET /api/simulators': Endpoint<SimulatorList>;
  'GET /api/simulators/:name/state': Endpoint<unknown>;
  'GET /api/simulators/:name/faults': Endpoint<unknown>;
  'PUT /api/simulators/:name/faults': Endpoint<unknown, Record<string, unknown>>;
}

export type ConsoleEndpoint = keyof ConsoleEndpoints;
export type EndpointMethod<E extends ConsoleEndpoint> = E extends `${infer M} ${string}` ? M : never;
export type EndpointPath<E extends ConsoleEndpoint> = E extends `${string} ${infer P}` ? P : never;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
/** `'GET /api/clients/:name/faults/:id'` -> `{ name: string; id: string }`. */
export type EndpointParams<E extends ConsoleEndpoint> = { [K in ParamNames<EndpointPath<E>>]: string };
export type EndpointQueryOf<E extends ConsoleEndpoint> = ConsoleEndpoints[E]['query'];
export type EndpointRequest<E extends ConsoleEndpoint> = ConsoleEndpoints[E]['request'];
export type EndpointResponse<E extends ConsoleEndpoint> = ConsoleEndpoints[E]['response'];

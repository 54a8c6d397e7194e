/**
 * @dojo/console-protocol — the one definition of every JSON shape that crosses between the
 * console server (apps/server) and the browser (apps/web), and of the telemetry records and
 * workqueue snapshots the runtime produces for them. docs/protocol.md says where each travels.
 *
 * Promises:
 * - Types only: no values, no npm dependencies, no node: builtins; it depends on
 *   @dojo/kube-api's types alone, so the browser, the server and the runtime can all import it.
 * - What the server sends is what these types say: the server's encoders and the runtime's
 *   producers are checked against them by the compiler, and the UI reads them without a
 *   second, hand-kept copy.
 * - Errors are never a shape of their own here: every failure is a Kubernetes `Status`
 *   (@dojo/kube-api), over HTTP and in the WebSocket's `error` frame alike.
 *
 * Misuse: the server must still decode what a client sends (`ClientMessage`, request bodies)
 * before trusting it; a type is a promise about well-formed input, not a check. Change a shape
 * here, never in a copy: the compiler then shows every producer and reader it affects.
 *
 * Contents: session.ts (session, hello) · resources.ts (served kinds, schemas) ·
 * controllers.ts (summaries, runtime state, faults) · workqueue.ts (queue snapshots, add
 * outcomes) · trigger.ts (why a key was queued) · telemetry.ts (records, pages, queries) ·
 * debug-requests.ts (debug command bodies) · live-messages.ts (the `/ws` frames) ·
 * history.ts (what is kept on disk, its coverage, object versions) · recording.ts (the
 * `.dojotrace` file's header and lines, a recording's session) · explain.ts ("why is this
 * not ready?") · field-history.ts (field history by writer, blame) ·
 * requests.ts (the API server's request journal) · client-rbac.ts (RBAC derived from a
 * client's requests) · webhook-services.ts (`dojo-console webhook map`: the Services webhooks name, mapped) · client-report.ts (a client's report card) · activity.ts (what is inferred from it) ·
 * staleness.ts (how stale each client's view is, its writes on a stale view) ·
 * client-view.ts (a connected client's view controls: what is held, reads as of a pause or a
 * stale view) · scrape.ts (operators' Prometheus metrics, read from outside) · traces.ts (what
 * the OTLP trace receiver took in) · client-faults.ts (faults injected into a connected client's requests) · simulators.ts (the
 * operator modules in use and the external systems they simulate) · endpoints.ts (every /api/ endpoint: method and
 * path to its request and response types, read by the web's client and the server's routes).
 */
export type * from './session.ts';
export type * from './resources.ts';
export type * from './controllers.ts';
export type * from './workqueue.ts';
export type * from './trigger.ts';
export type * from './telemetry.ts';
export type * from './traces.ts';
export type * from './client-faults.ts';
export type * from './debug-requests.ts';
export type * from './live-messages.ts';
export type * from './history.ts';
export type * from './recording.ts';
export type * from './client-view.ts';
export type * from './requests.ts';
export type * from './admission.ts';
export type * from './webhook-services.ts';
export type * from './client-rbac.ts';
export type * from './client-report.ts';
export type * from './activity.ts';
export type * from './staleness.ts';
export type * from './explain.ts';
export type * from './field-history.ts';
export type * from './scrape.ts';
export type * from './simulators.ts';
export type * from './endpoints.ts';

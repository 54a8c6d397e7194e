/**
 * @dojo/console-live — the cluster as the console's browsers see it, live or at an instant of
 * a recording: the Kubernetes API through the console's proxy, and watches fanned out to every
 * browser tab over one WebSocket each.
 *
 * Promises:
 * - One surface for any cluster (cluster-transport.ts): requests and streams, asked `at` an
 *   instant; a live cluster has only now, a recording's replay answers as of the instant.
 * - Secret values never reach a browser unless the console was started with
 *   --allow-secret-data (secret-redaction.ts): every answer about Secrets, and every v1 Secret
 *   at any depth of any other answer, has its values replaced; keys are kept. A value sent back
 *   as `<redacted>` means "keep what is stored", never that text (kube/secret-writes.ts).
 * - What a proxied request asks is decided once, from the parsed URL with kube-apiserver's
 *   RequestInfo grammar (kube/kube-request.ts); every later decision reads that, never the raw URL.
 * - One watch of the cluster per (cluster, resource, namespace, label selector), shared by every
 *   subscription on it (live/watch-hub.ts), as kube-apiserver's watch cache shares one etcd
 *   watch: each event is decoded, redacted and serialised once (live/watch-frames.ts). A
 *   subscription gets the current objects first, then every change, resuming after 410 Gone.
 * - Nothing a browser holds open is unbounded: connections and subscriptions are capped per
 *   client and in total (live/connection-limits.ts), and a tab's send buffer is bounded; a bad
 *   frame closes that socket only (live/live-connection.ts).
 * - The controllers are read through one view (controller-view.ts), live or rebuilt.
 *
 * The HTTP and WebSocket endpoints themselves (express routes, upgrades and their guards) are
 * apps/server's thin edge; nothing here sees a request object.
 */
export type { ClusterTransport, TransportAt } from './cluster-transport.ts';
export type { ControllerView } from './controller-view.ts';
export {
  lastAppliedAnnotation,
  redactedValue,
  redactSecretAnswer,
  redactSecretResource,
  redactSecrets,
  redactSecretsDeep,
  redactSecretStatus,
} from './secret-redaction.ts';
export { isSecretRequest, parseKubeRequest, type KubeRequest, type KubeVerb } from './kube/kube-request.ts';
export { jsonAccept, refuseSecretMetadata, type JsonAccept } from './kube/kube-accept.ts';
export { prepareSecretWrite, type SecretWrite } from './kube/secret-writes.ts';
export { discoverResources, schemaOf } from './kube/discovery.ts';
export { DiscoveryCache, type DiscoveryCacheOptions } from './kube/discovery-cache.ts';
export { objectFetcher } from './kube/object-fetcher.ts';
export { closeCodes, LiveConnection, type LiveConnectionOptions, type SubscriptionFactory } from './live/live-connection.ts';
export { ClientLimits, defaultConnectionLimits, defaultSubscriptionLimits, type Admission, type ClientLimitOptions } from './live/connection-limits.ts';
export type { Outbox, Subscription } from './live/subscription.ts';
export { WatchHubs } from './live/watch-hub.ts';
export { startWatchSubscription, type WatchSubscriptionOptions } from './live/watch-subscription.ts';
export { startTelemetrySubscription, type TelemetryFeed, type TelemetrySubscriptionOptions } from './live/telemetry-subscription.ts';
export { startMetricsSubscription, type MetricsSubscriptionOptions } from './live/metrics-subscription.ts';

/**
 * `dojo-console webhook map`: where the embedded cluster reaches each Service a webhook
 * configuration's `clientConfig.service` names (it has no Service network). The API server keeps
 * the map in its data dir, loaded at start and changed only through the console, so a change
 * applies to the next call.
 */

/** One entry: `namespace/name` (every port of the Service) or `namespace/name:port` (only `service.port` PORT). */
export interface WebhookServiceMapping {
  service: string;
  /** `https://host:port`: stands for `https://NAME.NAMESPACE.svc:PORT`; the configuration's `service.path` is appended. */
  url: string;
}

/** The whole map, sorted by service. */
export interface WebhookServiceMappings {
  mappings: WebhookServiceMapping[];
}

/** `POST /api/webhook-services`: map (or re-map) one service. */
export type WebhookServiceMapRequest = WebhookServiceMapping;

/** A change to the map, as the console hands it to the API server: map one service, or forget one (`namespace/name[:port]`). */
export type WebhookServiceChange = { map: WebhookServiceMapRequest } | { unmap: string };

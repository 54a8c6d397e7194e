/**
 * `/api/webhook-services`: where the embedded cluster reaches the Services that webhook
 * configurations name (`dojo-console webhook map`, docs/admission.md "Develop your admission
 * webhook"). GET answers the map; POST `{service, url}` maps one service; DELETE
 * `/api/webhook-services/NAMESPACE%2FSERVICE` forgets one. Every answer is the whole map. A thin
 * edge: the body's shape is checked here, the service and URL by the API server, which keeps
 * the map in its data dir (a bad one is its 400, an unknown one its 404).
 */
import { json, type Router } from 'express';
import type { WebhookServiceChange, WebhookServiceMappings, WebhookServiceMapRequest } from '@dojo/console-protocol';
import { newBadRequest } from '@dojo/kube-api';
import { jsonObjectBody } from './json-body.ts';
import { endpointRouter } from './typed-routes.ts';

/** The embedded API server's side (ApiServerHandle.webhookServices). */
export interface WebhookServiceControl {
  webhookServices(change?: WebhookServiceChange): Promise<WebhookServiceMappings>;
}

function decodeMapRequest(body: unknown): WebhookServiceMapRequest {
  const { service, url, ...rest } = jsonObjectBody(body);
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) throw newBadRequest(`unknown field "${unknown}" in a webhook service mapping`);
  if (typeof service !== 'string' || typeof url !== 'string') throw newBadRequest('a webhook service mapping needs "service" and "url" strings');
  return { service, url };
}

export function webhookServiceRoutes(control: WebhookServiceControl): Router {
  const api = endpointRouter('/api/webhook-services');
  api.router.use(json({ limit: '16kb' }));
  api.on('GET /api/webhook-services', async (_req, res) => void res.json(await control.webhookServices()));
  api.on('POST /api/webhook-services', async (req, res) => void res.json(await control.webhookServices({ map: decodeMapRequest(req.body) })));
  api.on('DELETE /api/webhook-services/:service', async (req, res) => void res.json(await control.webhookServices({ unmap: req.params.service })));
  return api.router;
}

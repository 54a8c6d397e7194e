/**
 * `/api/clients/:name/view`: a connected client's view controls (docs/client-controls.md,
 * "Pause, step and breakpoints"). GET answers what is in force and held; POST applies one
 * command (pause, resume, step, break, continue, stale) and answers the same state. A thin
 * edge: decode, hand to the embedded API server, encode.
 */
import { json, type Router } from 'express';
import type { ClientViewCommand, ClientViewState } from '@dojo/console-protocol';
import { decodeClientViewCommand } from '../client-controls/client-view-request.ts';
import { endpointRouter } from './typed-routes.ts';

/** The embedded API server's side (ApiServerHandle.clientView). */
export interface ClientViewControl {
  clientView(client: string, command?: ClientViewCommand): Promise<ClientViewState>;
}

export function clientViewRoutes(control: ClientViewControl): Router {
  const api = endpointRouter('/api/clients');
  api.router.use(json({ limit: '16kb' }));
  api.on('GET /api/clients/:name/view', async (req, res) => void res.json((await control.clientView(req.params.name)) satisfies ClientViewState));
  api.on('POST /api/clients/:name/view', async (req, res) => {
    const command = decodeClientViewCommand(req.body);
    res.json((await control.clientView(req.params.name, command)) satisfies ClientViewState);
  });
  return api.router;
}

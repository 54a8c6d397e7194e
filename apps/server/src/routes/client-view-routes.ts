/**
 * `/api/clients/:name/view`: a connected client's view controls (docs/client-controls.md,
 * "Pause, step and breakpoints"). GET answers what is in force and held; POST applies one
 * command (pause, resume, step, break, continue, stale) and answers the same state. A thin
 * edge: decode, hand to the embedded API server, encode.
 */
import { Router, json } from 'express';
import type { ClientViewCommand, ClientViewState } from '@dojo/console-protocol';
import { decodeClientViewCommand } from '../client-controls/client-view-request.ts';

/** The embedded API server's side (ApiServerHandle.clientView). */
export interface ClientViewControl {
  clientView(client: string, command?: ClientViewCommand): Promise<ClientViewState>;
}

export function clientViewRoutes(control: ClientViewControl): Router {
  const router = Router();
  router.use(json({ limit: '16kb' }));
  router.get('/:name/view', async (req, res) => void res.json((await control.clientView(req.params.name)) satisfies ClientViewState));
  router.post('/:name/view', async (req, res) => {
    const command = decodeClientViewCommand(req.body);
    res.json((await control.clientView(req.params.name, command)) satisfies ClientViewState);
  });
  return router;
}

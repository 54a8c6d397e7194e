/**
 * `/api/discord`: the Discord simulator's state and fault knobs, relayed to its control API,
 * which validates the knobs (`DiscordFaultsRequest` of @dojo/console-protocol) itself.
 */
import { Router, json } from 'express';
import { jsonObjectBody } from './json-body.ts';

export interface DiscordControl {
  state(): Promise<unknown>;
  /** The simulator's fault settings now: a page opened later shows what is in force, not "unknown". */
  faults(): Promise<unknown>;
  setFaults(faults: Record<string, unknown>): Promise<unknown>;
}

export function discordRoutes(discord: DiscordControl): Router {
  const router = Router();
  router.get('/state', async (_req, res) => void res.json(await discord.state()));
  router.get('/faults', async (_req, res) => void res.json(await discord.faults()));
  router.put('/faults', json({ limit: '16kb' }), async (req, res) => void res.json(await discord.setFaults(jsonObjectBody(req.body))));
  return router;
}

/**
 * `GET /api/scrape` (docs/protocol.md): every scraped operator endpoint and its controllers'
 * figures; `POST /api/scrape/targets` adds one (201 with its status) and `DELETE
 * /api/scrape/targets/:name` removes one added that way. Writes pass the console's token and
 * CSRF guards like every other state-changing route.
 */
import { json, type Router } from 'express';
import { newStatusError } from '@dojo/kube-api';
import { type ScrapeControl, decodeScrapeTargetRequest } from '@dojo/telemetry-sources';
import { endpointRouter } from './typed-routes.ts';

export function scrapeRoutes(control: ScrapeControl): Router {
  const api = endpointRouter('/api/scrape');
  api.on('GET /api/scrape', (_req, res) => void res.json(control.snapshot()));
  const unsupported = () => newStatusError(405, 'MethodNotAllowed', 'this console does not scrape: its targets cannot change');
  api.on('POST /api/scrape/targets', json({ limit: '64kb' }), async (req, res) => {
    if (!control.add) throw unsupported();
    res.status(201).json(await control.add(decodeScrapeTargetRequest(req.body)));
  });
  api.on('DELETE /api/scrape/targets/:name', async (req, res) => {
    if (!control.remove) throw unsupported();
    await control.remove(req.params.name);
    res.json({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Success',
      code: 200,
      details: { name: req.params.name, group: 'console', kind: 'scrapetargets' },
    });
  });
  return api.router;
}

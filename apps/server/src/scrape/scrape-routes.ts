/** `GET /api/scrape` (docs/protocol.md): every scraped operator endpoint and its controllers' figures. */
import { Router } from 'express';
import type { ScrapeSnapshot } from '@dojo/console-protocol';

export function scrapeRoutes(snapshot: () => ScrapeSnapshot): Router {
  const router = Router();
  router.get('/', (_req, res) => void res.json(snapshot()));
  return router;
}

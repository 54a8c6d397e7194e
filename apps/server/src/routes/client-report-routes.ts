/**
 * `GET /api/clients/:name/report` (docs/client-controls.md, "Report card"): one client's report
 * card, each line a verdict with its evidence and links. A name the console has not seen is a
 * 404; without the embedded cluster's journal (and without a recording's) there is no card.
 */
import type { Router } from 'express';
import type { ClientReportCard } from '@dojo/console-protocol';
import { newStatusError } from '@dojo/kube-api';
import { clientReportCard, type ReportCardSource } from '@dojo/client-controls';
import { viewTimeOf } from './view-time.ts';
import { endpointRouter } from './typed-routes.ts';

export function clientReportRoutes(source: ReportCardSource | undefined): Router {
  const api = endpointRouter('/api');
  api.on('GET /api/clients/:name/report', (req, res) => {
    if (!source) throw newStatusError(404, 'NotFound', 'report cards are derived from the request journal; this console reads none');
    res.json(clientReportCard(source, req.params.name, viewTimeOf(req)) satisfies ClientReportCard);
  });
  return api.router;
}

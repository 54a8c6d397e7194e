/**
 * `GET /api/clients/:name/staleness` (docs/client-controls.md, "Staleness"): how far one
 * client's watches lag the server per resource, and every write it made on a stale view that
 * the console keeps, newest first. `GET /api/activity` carries the same for every client (its
 * `staleness` and newest `staleWrites`); this is the client's page. A name the console has not
 * seen (no request, no credential) is a 404.
 */
import type { Router } from 'express';
import type { ClientStalenessAnswer } from '@dojo/console-protocol';
import { newNotFound } from '@dojo/kube-api';
import type { ActivityView } from '@dojo/activity';
import { viewTimeOf } from './view-time.ts';
import { endpointRouter } from './typed-routes.ts';

export function clientStalenessRoutes(service: ActivityView | undefined): Router {
  const api = endpointRouter('/api');
  api.on('GET /api/clients/:name/staleness', (req, res) => {
    const client = req.params.name;
    const at = viewTimeOf(req);
    const snapshot = service?.snapshot(at);
    if (!snapshot || (!snapshot.clients.some((c) => c.name === client) && !snapshot.connected.some((c) => c.name === client)))
      throw newNotFound({ group: '', resource: 'clients' }, client);
    // A live console keeps more of one client's stale writes than a snapshot of all carries; a recording answers from its snapshot.
    const kept = service!.staleness?.(client, at);
    const staleWrites = snapshot.staleWrites?.filter((w) => w.client === client) ?? [];
    const answer: ClientStalenessAnswer = kept
      ? { time: snapshot.time, ...kept }
      : {
          time: snapshot.time,
          client,
          resources: snapshot.staleness?.find((c) => c.client === client)?.resources ?? [],
          staleWrites,
          staleWriteCount: staleWrites.length,
        };
    res.json(answer);
  });
  return api.router;
}

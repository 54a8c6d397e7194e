/**
 * What every client of the API server does (docs/protocol.md): `GET /api/activity` (clients,
 * watches, hot loops, the journal feed), `GET /api/requests` (the journal records read so far),
 * `POST /api/clients` (a credential of its own for an operator: the Connect dialog). Without
 * the embedded cluster there is no request journal yet; the snapshot says so. In a recording
 * both reads answer at the instant asked about (`X-Dojo-At`).
 */
import { json, type Router } from 'express';
import type { ActivitySnapshot, ConnectAnswer, ConnectRequest, RequestLogPage } from '@dojo/console-protocol';
import { newBadRequest, newStatusError } from '@dojo/kube-api';
import type { ActivityView } from '@dojo/activity';
import { jsonObjectBody } from './json-body.ts';
import { viewTimeOf } from './view-time.ts';
import { endpointRouter } from './typed-routes.ts';

const noJournal: ActivitySnapshot = {
  time: 0,
  feed: {
    state: 'unavailable',
    lastSeq: 0,
    gaps: 0,
    detail: 'the request journal comes from the embedded API server; this console is connected to another cluster',
  },
  clients: [],
  watches: [],
  hotLoops: [],
  connected: [],
};

function decodeConnectRequest(body: unknown): ConnectRequest {
  const { name } = jsonObjectBody(body);
  if (typeof name !== 'string') throw newBadRequest('name must be a string');
  return { name };
}

const int = (v: unknown, name: string, max: number): number | undefined => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > max) throw newBadRequest(`${name} must be an integer between 0 and ${max}`);
  return n;
};

export function activityRoutes(service: ActivityView | undefined): Router {
  const api = endpointRouter('/api');
  api.on('GET /api/activity', (req, res) => void res.json(service ? service.snapshot(viewTimeOf(req)) : { ...noJournal, time: Date.now() }));
  api.on('GET /api/requests', (req, res) => {
    const client = typeof req.query.client === 'string' && req.query.client ? req.query.client : undefined;
    const sinceSeq = int(req.query.sinceSeq, 'sinceSeq', Number.MAX_SAFE_INTEGER);
    const limit = int(req.query.limit, 'limit', 10_000);
    const page: RequestLogPage = service
      ? service.queryRequests(
          { ...(client ? { client } : {}), ...(sinceSeq !== undefined ? { sinceSeq } : {}), ...(limit !== undefined ? { limit } : {}) },
          viewTimeOf(req),
        )
      : { records: [], oldestSeq: 1, lastSeq: 0 };
    res.json(page);
  });
  api.on('POST /api/clients', json({ limit: '4kb' }), (req, res) => {
    if (!service?.connect) throw newStatusError(404, 'NotFound', 'connecting an operator needs the embedded cluster (start the console without --kubeconfig)');
    const answer: ConnectAnswer = service.connect(decodeConnectRequest(req.body).name);
    res.status(201).json(answer);
  });
  return api.router;
}

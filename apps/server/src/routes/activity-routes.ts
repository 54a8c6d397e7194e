/**
 * What every client of the API server does (docs/protocol.md): `GET /api/activity` (clients,
 * watches, hot loops, the journal feed), `GET /api/requests` (the journal records read so far),
 * `GET /api/admission` (each admission webhook's and policy's calls, from the same records),
 * `POST /api/clients` (a credential of its own for an operator: the Connect dialog). Without
 * the embedded cluster there is no request journal yet; the snapshot says so. In a recording
 * both reads answer at the instant asked about (`X-Dojo-At`).
 */
import { json, type Router } from 'express';
import type { ActivitySnapshot, AdmissionSummary, ConnectAnswer, ConnectRequest, RequestLogPage } from '@dojo/console-protocol';
import { newBadRequest, newStatusError } from '@dojo/kube-api';
import type { ActivityView, RequestLogQuery, RequestObjectFilter } from '@dojo/activity';
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

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

const flag = (v: unknown, name: string): boolean => {
  if (v === undefined || v === 'false') return false;
  if (v === 'true') return true;
  throw newBadRequest(`${name} must be true or false`);
};

/** The object whose writes are asked for (endpoints.ts documents the query), when one is. */
function objectFilterOf(query: Record<string, unknown>): RequestObjectFilter | undefined {
  const filter = { uid: text(query.uid), namespace: text(query.namespace), name: text(query.name), resource: text(query.resource), group: text(query.group) };
  if (filter.uid === undefined && filter.name === undefined) {
    if (filter.namespace !== undefined || filter.resource !== undefined || filter.group !== undefined) throw newBadRequest('an object is asked for by uid and/or name');
    return undefined;
  }
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined)) as RequestObjectFilter;
}

/** `GET /api/requests`' query (endpoints.ts), decoded and checked. */
function requestLogQueryOf(query: Record<string, unknown>): RequestLogQuery {
  const client = text(query.client) || undefined;
  const sinceSeq = int(query.sinceSeq, 'sinceSeq', Number.MAX_SAFE_INTEGER);
  const beforeSeq = int(query.beforeSeq, 'beforeSeq', Number.MAX_SAFE_INTEGER);
  const limit = int(query.limit, 'limit', 10_000);
  const object = objectFilterOf(query);
  return {
    ...(client ? { client } : {}),
    ...(sinceSeq !== undefined ? { sinceSeq } : {}),
    ...(beforeSeq !== undefined ? { beforeSeq } : {}),
    ...(limit !== undefined ? { limit } : {}),
    ...(object ? { object } : {}),
    ...(flag(query.admission, 'admission') ? { admitted: true } : {}),
    ...(flag(query.newest, 'newest') ? { newest: true } : {}),
  };
}

export function activityRoutes(service: ActivityView | undefined): Router {
  const api = endpointRouter('/api');
  api.on('GET /api/activity', (req, res) => void res.json(service ? service.snapshot(viewTimeOf(req)) : { ...noJournal, time: Date.now() }));
  api.on('GET /api/requests', (req, res) => {
    const query = requestLogQueryOf(req.query);
    const page: RequestLogPage = service ? service.queryRequests(query, viewTimeOf(req)) : { records: [], oldestSeq: 1, lastSeq: 0 };
    res.json(page);
  });
  api.on('GET /api/admission', (req, res) => {
    const summary: AdmissionSummary = service ? service.admission(viewTimeOf(req)) : { entries: [], windowSeconds: 60, since: Date.now() };
    res.json(summary);
  });
  api.on('POST /api/clients', json({ limit: '4kb' }), (req, res) => {
    if (!service?.connect) throw newStatusError(404, 'NotFound', 'connecting an operator needs the embedded cluster (start the console without --kubeconfig)');
    const answer: ConnectAnswer = service.connect(decodeConnectRequest(req.body).name);
    res.status(201).json(answer);
  });
  return api.router;
}

/**
 * What every client of the API server does (docs/protocol.md): `GET /api/activity` (clients,
 * watches, hot loops, the journal feed), `GET /api/requests` (the journal records read so far),
 * `GET /api/admission` (each admission webhook's and policy's calls, from the same records),
 * `POST /api/clients` (a credential of its own for an operator: the Connect dialog). Without
 * the embedded cluster there is no request journal yet; the snapshot says so. In a recording
 * both reads answer at the instant asked about (`X-Dojo-At`).
 */
import { json, type Router } from 'express';
import type { ActivitySnapshot, AdmissionSummary, ConnectAnswer, ConnectRequest, RequestJournalRecord, RequestLogPage } from '@dojo/console-protocol';
import { newBadRequest, newStatusError } from '@dojo/kube-api';
import type { IncomingMessage } from 'node:http';
import { isRequestAbout, type ActivityView, type RequestLogQuery } from '@dojo/activity';
import { objectRequests, type HistoryStream } from '@dojo/history';
import { jsonObjectBody } from './json-body.ts';
import { requestLogQueryOf } from './requests-query.ts';
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

export interface ActivityRoutesOptions {
  /** The history's request journal (on disk, as far back as retention keeps it): an object's newest requests are read there. */
  readonly requests?: HistoryStream<RequestJournalRecord>;
  /** The instant a request asks about (a recording's); a live console has only now. */
  readonly asOf?: (req: IncomingMessage) => number | undefined;
}

/**
 * An object's requests newest first (its Admission tab) come from the history when the console
 * keeps one: the request log in memory holds only the newest records, watch events among them.
 * SQLite filters them by name, namespace, resource, admitted and dry run; a search that gives up
 * says how far back it looked (`searchedBackTo`).
 */
function objectPageFromHistory(requests: HistoryStream<RequestJournalRecord>, query: RequestLogQuery, at: number | undefined): RequestLogPage | undefined {
  const object = query.object;
  if (!object?.name || !query.newest || query.client !== undefined) return undefined;
  const { records, searchedBackTo } = objectRequests(
    requests,
    {
      namespace: object.namespace,
      name: object.name,
      resource: object.resource,
      admitted: query.admitted,
      dryRun: query.dryRun,
      beforeSeq: query.beforeSeq,
      sinceSeq: query.sinceSeq,
      at,
      limit: query.limit ?? 1000,
    },
    (record) => isRequestAbout(record, object),
  );
  const coverage = requests.coverage();
  return { records, oldestSeq: coverage.oldestSeq, lastSeq: coverage.lastSeq, ...(searchedBackTo !== undefined ? { searchedBackTo } : {}) };
}

export function activityRoutes(service: ActivityView | undefined, options: ActivityRoutesOptions = {}): Router {
  const api = endpointRouter('/api');
  api.on('GET /api/activity', (req, res) => void res.json(service ? service.snapshot(viewTimeOf(req)) : { ...noJournal, time: Date.now() }));
  api.on('GET /api/requests', (req, res) => {
    const query = requestLogQueryOf(req.query);
    const fromHistory = service && options.requests ? objectPageFromHistory(options.requests, query, options.asOf?.(req)) : undefined;
    const page: RequestLogPage = fromHistory ?? (service ? service.queryRequests(query, viewTimeOf(req)) : { records: [], oldestSeq: 1, lastSeq: 0 });
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

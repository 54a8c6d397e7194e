/**
 * `GET /api/telemetry`: a page of telemetry records (from memory or disk), with an explicit
 * resync flag. In a recording, only records up to the instant the view asks about (`X-Dojo-At`):
 * a condition history or a list of reconciles at an earlier instant holds nothing after it.
 */
import type { IncomingMessage } from 'node:http';
import type { Router } from 'express';
import type { TelemetryPage, TelemetryRecordType } from '@dojo/console-protocol';
import { newBadRequest } from '@dojo/kube-api';
import type { JournalQuery } from '@dojo/runtime';
import type { TelemetrySource } from '@dojo/live-feeds';
import { endpointRouter } from './typed-routes.ts';

const int = (v: unknown, name: string, max: number): number | undefined => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > max) throw newBadRequest(`${name} must be an integer between 0 and ${max}`);
  return n;
};

/** The query string (`TelemetryQuery` of @dojo/console-protocol) as a journal query. */
function decodeTelemetryQuery(q: Record<string, unknown>): JournalQuery {
  const sinceSeq = int(q.sinceSeq, 'sinceSeq', Number.MAX_SAFE_INTEGER);
  const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
  const controller = text(q.controller);
  const objectKey = text(q.objectKey);
  const object = text(q.object);
  const uid = text(q.uid);
  const reconcile = text(q.reconcile);
  const from = int(q.from, 'from', Number.MAX_SAFE_INTEGER);
  const to = int(q.to, 'to', Number.MAX_SAFE_INTEGER);
  const types = text(q.types);
  return {
    limit: int(q.limit, 'limit', 50_000) ?? 5000,
    ...(sinceSeq !== undefined ? { sinceSeq } : {}),
    ...(controller ? { controller } : {}),
    ...(objectKey ? { objectKey } : {}),
    ...(object ? { object } : {}),
    ...(uid ? { uid } : {}),
    ...(reconcile ? { reconcile } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
    ...(types ? { types: types.split(',') as TelemetryRecordType[] } : {}),
  };
}

/** The query cut at `at` (inclusive): `to` is exclusive. */
export function untilInstant(query: JournalQuery, at: number | undefined): JournalQuery {
  return at === undefined ? query : { ...query, to: Math.min(query.to ?? Number.MAX_SAFE_INTEGER, at + 1) };
}

/** `asOf`: the instant a request asks about (a recording's; a live console has only now). */
export function telemetryRoutes(telemetry: TelemetrySource, asOf: (req: IncomingMessage) => number | undefined = () => undefined): Router {
  const api = endpointRouter('/api/telemetry');
  api.on('GET /api/telemetry', (req, res) => void res.json(telemetry.query(untilInstant(decodeTelemetryQuery(req.query), asOf(req))) satisfies TelemetryPage));
  return api.router;
}

/**
 * `GET /api/history`: retention and, per stream, since when history is complete and what was
 * evicted. `GET /api/history/versions?object=<identityKey>[&uid=][&limit=]`: one object's
 * recorded versions, oldest first, with the versions stream's coverage and whether versions of
 * its kind are recorded at all. `GET /api/history/incarnations?object=<identityKey>`: every uid
 * the name had, newest first, each deletion with when and by whom (a deleted object's page).
 * In a recording both answer as of the instant the view asks about (`X-Dojo-At`).
 */
import { ClientIdentifier } from '@dojo/activity';
import type { IncomingMessage } from 'node:http';
import type { Router } from 'express';
import type { HistoryStatus, ObjectIncarnationsPage, ObjectVersionRecord, ObjectVersionsPage } from '@dojo/console-protocol';
import { objectIncarnations, versionsStream, type HistoryStore } from '@dojo/history';
import { newBadRequest, parseIdentityKey, type ObjectIdentity } from '@dojo/kube-api';
import { endpointRouter } from './typed-routes.ts';

const maxVersions = 1000;

export interface HistoryRoutesOptions {
  /** The instant a request asks about (a recording's; a live console has only now). */
  readonly asOf?: (req: IncomingMessage) => number | undefined;
  /** Names the client that deleted an object (client-identity.ts); the default knows no controllers and no console user. */
  readonly identifier?: ClientIdentifier;
}

function objectOf(query: Record<string, unknown>): { key: string; identity: ObjectIdentity } {
  const key = typeof query.object === 'string' ? query.object : '';
  const identity = parseIdentityKey(key);
  if (!identity) throw newBadRequest('object must be an identity key: group/kind/namespace/name');
  return { key, identity };
}

export function historyRoutes(
  store: HistoryStore,
  recordsVersionsOf: (group: string, kind: string) => boolean = () => true,
  options: HistoryRoutesOptions = {},
): Router {
  const api = endpointRouter('/api/history');
  const versions = store.stream<ObjectVersionRecord>(versionsStream);
  const asOf = options.asOf ?? (() => undefined);
  const identifier = options.identifier ?? new ClientIdentifier();
  api.on('GET /api/history', (_req, res) => void res.json(store.status() satisfies HistoryStatus));
  api.on('GET /api/history/versions', (req, res) => {
    const { key: object, identity } = objectOf(req.query);
    const uid = typeof req.query.uid === 'string' && req.query.uid ? req.query.uid : undefined;
    const limit = req.query.limit === undefined ? 200 : Number(req.query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > maxVersions) throw newBadRequest(`limit must be an integer between 1 and ${maxVersions}`);
    const at = asOf(req);
    const found = versions.query({ where: { object, ...(uid ? { uid } : {}) }, ...(at === undefined ? {} : { to: at + 1 }), newest: true, limit });
    res.json({ versions: found, coverage: versions.coverage(), recorded: recordsVersionsOf(identity.group, identity.kind) } satisfies ObjectVersionsPage);
  });
  api.on('GET /api/history/incarnations', (req, res) => {
    const { key, identity } = objectOf(req.query);
    const at = asOf(req);
    const incarnations = objectIncarnations(store, key, identity, { ...(at === undefined ? {} : { at }), identifier });
    res.json({ incarnations } satisfies ObjectIncarnationsPage);
  });
  return api.router;
}

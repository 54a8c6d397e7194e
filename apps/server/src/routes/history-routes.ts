/**
 * `GET /api/history`: retention and, per stream, since when history is complete and what was
 * evicted. `GET /api/history/versions?object=<identityKey>[&uid=][&limit=]`: one object's
 * recorded versions, oldest first, with the versions stream's coverage and whether versions of
 * its kind are recorded at all.
 */
import { Router } from 'express';
import type { HistoryStatus, ObjectVersionRecord, ObjectVersionsPage } from '@dojo/console-protocol';
import { versionsStream, type HistoryStore } from '@dojo/history';
import { newBadRequest, parseIdentityKey } from '@dojo/kube-api';

const maxVersions = 1000;

export function historyRoutes(store: HistoryStore, recordsVersionsOf: (group: string, kind: string) => boolean = () => true): Router {
  const router = Router();
  const versions = store.stream<ObjectVersionRecord>(versionsStream);
  router.get('/', (_req, res) => void res.json(store.status() satisfies HistoryStatus));
  router.get('/versions', (req, res) => {
    const object = typeof req.query.object === 'string' ? req.query.object : '';
    const identity = parseIdentityKey(object);
    if (!identity) throw newBadRequest('object must be an identity key: group/kind/namespace/name');
    const uid = typeof req.query.uid === 'string' && req.query.uid ? req.query.uid : undefined;
    const limit = req.query.limit === undefined ? 200 : Number(req.query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > maxVersions) throw newBadRequest(`limit must be an integer between 1 and ${maxVersions}`);
    const found = versions.query({ where: { object, ...(uid ? { uid } : {}) }, newest: true, limit });
    res.json({ versions: found, coverage: versions.coverage(), recorded: recordsVersionsOf(identity.group, identity.kind) } satisfies ObjectVersionsPage);
  });
  return router;
}

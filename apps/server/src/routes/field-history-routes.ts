/** `GET /api/history/fields?object=<identityKey>[&uid=]`: one object's field history by writer (`FieldHistory`). */
import type { Router } from 'express';
import type { FieldHistory } from '@dojo/console-protocol';
import { newBadRequest, parseIdentityKey } from '@dojo/kube-api';
import { fieldHistoryOf, type FieldHistoryDeps } from '@dojo/history';
import { endpointRouter } from './typed-routes.ts';

export function fieldHistoryRoutes(deps: FieldHistoryDeps): Router {
  const api = endpointRouter('/api/history/fields');
  api.on('GET /api/history/fields', (req, res) => {
    const identity = parseIdentityKey(typeof req.query.object === 'string' ? req.query.object : '');
    if (!identity) throw newBadRequest('object must be an identity key: group/kind/namespace/name');
    const uid = typeof req.query.uid === 'string' && req.query.uid ? req.query.uid : undefined;
    res.json(fieldHistoryOf(deps, uid ? { ...identity, uid } : identity) satisfies FieldHistory);
  });
  return api.router;
}

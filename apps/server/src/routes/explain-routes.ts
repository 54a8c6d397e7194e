/**
 * `GET /api/explain?object=<identityKey>[&uid=]`: why the object is not ready (`Explanation`).
 * `GET /api/explain/hints?group=&kind=[&namespace=]`: every object of a kind, its verdict and
 * top blocker (`ReadinessHints`), for a list's column.
 * In a recording both answer as of the instant the view asks about (`X-Dojo-At`).
 */
import type { Router } from 'express';
import type { Explanation, ReadinessHints } from '@dojo/console-protocol';
import type { ExplainAnswers } from '@dojo/explain';
import { newBadRequest, parseIdentityKey } from '@dojo/kube-api';
import { viewTimeOf } from './view-time.ts';
import { endpointRouter } from './typed-routes.ts';

const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

export function explainRoutes(service: ExplainAnswers): Router {
  const api = endpointRouter('/api/explain');
  api.on('GET /api/explain', async (req, res) => {
    const identity = parseIdentityKey(text(req.query.object) ?? '');
    if (!identity) throw newBadRequest('object must be an identity key: group/kind/namespace/name');
    const uid = text(req.query.uid);
    res.json((await service.explain(uid ? { ...identity, uid } : identity, viewTimeOf(req))) satisfies Explanation);
  });
  api.on('GET /api/explain/hints', async (req, res) => {
    const kind = text(req.query.kind);
    if (!kind) throw newBadRequest('kind is required');
    const group = typeof req.query.group === 'string' ? req.query.group : '';
    res.json((await service.hints(group, kind, text(req.query.namespace), viewTimeOf(req))) satisfies ReadinessHints);
  });
  return api.router;
}

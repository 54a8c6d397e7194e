/**
 * Least-privilege RBAC of a connected client (docs/client-controls.md, "RBAC from what it
 * did"): `GET /api/clients/:name/rbac` (the rules with their evidence, the YAML and the
 * markers) and `POST /api/clients/:name/rbac/compare` with `{ roleFile }` (a role.yaml's text:
 * what it misses, what everyone has, what it grants in vain). Without the embedded cluster there
 * is no request journal to derive from: 404.
 */
import { json, type Router } from 'express';
import type { ClientRbac, RbacComparison } from '@dojo/console-protocol';
import { newBadRequest, newStatusError } from '@dojo/kube-api';
import type { ClientRbacSource } from '@dojo/client-controls';
import { jsonObjectBody } from './json-body.ts';
import { endpointRouter } from './typed-routes.ts';

const noJournal = () =>
  newStatusError(404, 'NotFound', "RBAC is derived from the embedded API server's request journal; this console is connected to another cluster");

export function clientRbacRoutes(source: ClientRbacSource | undefined): Router {
  const api = endpointRouter('/api');
  api.on('GET /api/clients/:name/rbac', async (req, res) => {
    if (!source) throw noJournal();
    const { rbac } = await source(req.params.name);
    res.json(rbac satisfies ClientRbac);
  });
  // A role.yaml of a few hundred rules is tens of kilobytes.
  api.on('POST /api/clients/:name/rbac/compare', json({ limit: '1mb' }), async (req, res) => {
    if (!source) throw noJournal();
    const { roleFile } = jsonObjectBody(req.body);
    if (typeof roleFile !== 'string') throw newBadRequest('roleFile must be a string: the text of a role file (multi-document YAML of ClusterRoles and Roles)');
    const { compare } = await source(req.params.name);
    res.json(compare(roleFile) satisfies RbacComparison);
  });
  return api.router;
}

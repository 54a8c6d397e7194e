/**
 * `GET /api/resources` (the served kinds, briefly cached) and `GET /api/schema/<group>/<version>/<kind>`
 * (in a recording, as of the instant asked about: a CRD's schema may have changed).
 */
import type { Router } from 'express';
import type { KindSchema, ResourceTypeList } from '@dojo/console-protocol';
import { newBadRequest } from '@dojo/kube-api';
import { type DiscoveryCache, schemaOf, type TransportAt } from '@dojo/console-live';
import { viewTimeOf } from './view-time.ts';
import { endpointRouter } from './typed-routes.ts';

const groupName = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const versionName = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
const kindName = /^[A-Za-z][A-Za-z0-9]{0,62}$/;

export function discoveryRoutes(transport: TransportAt, served: DiscoveryCache): Router {
  const api = endpointRouter('/api');
  api.on('GET /api/resources', async (_req, res) => void res.json({ resources: await served.resources() } satisfies ResourceTypeList));
  api.on('GET /api/schema/:group/:version/:kind', async (req, res) => {
    const { group, version, kind } = req.params;
    // Each becomes part of an OpenAPI path upstream: names only, so no ".." or "%2F" can move it.
    if (!groupName.test(group) || !versionName.test(version) || !kindName.test(kind)) {
      throw newBadRequest('a schema is named /api/schema/<group or "core">/<version>/<Kind>');
    }
    // "core" names the core group in URLs, whose real name is empty.
    res.json((await schemaOf(transport(viewTimeOf(req)), group === 'core' ? '' : group, version, kind)) satisfies KindSchema);
  });
  return api.router;
}

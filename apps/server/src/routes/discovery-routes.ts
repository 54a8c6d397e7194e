/** `GET /api/resources` (the served kinds, briefly cached) and `GET /api/schema/<group>/<version>/<kind>`. */
import { Router } from 'express';
import type { KindSchema, ResourceTypeList } from '@dojo/console-protocol';
import type { ClusterTransport } from '../kube/cluster-transport.ts';
import type { DiscoveryCache } from '../kube/discovery-cache.ts';
import { schemaOf } from '../kube/discovery.ts';

export function discoveryRoutes(transport: () => ClusterTransport, served: DiscoveryCache): Router {
  const router = Router();
  router.get('/resources', async (_req, res) => void res.json({ resources: await served.resources() } satisfies ResourceTypeList));
  router.get('/schema/:group/:version/:kind', async (req, res) => {
    const { group, version, kind } = req.params;
    // "core" names the core group in URLs, whose real name is empty.
    res.json({ schema: await schemaOf(transport(), group === 'core' ? '' : group, version, kind) } satisfies KindSchema);
  });
  return router;
}

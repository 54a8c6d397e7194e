/**
 * Reads one object by its identity from the API server, its kind found among the served ones:
 * for questions about objects of kinds the console does not watch (and so does not cache).
 */
import type { ServedResource } from '@dojo/console-protocol';
import { isNotFound, type KubeObject, type ObjectIdentity } from '@dojo/kube-api';
import type { KubeClient } from '@dojo/runtime';
import type { DiscoveryCache } from './discovery-cache.ts';

export function objectFetcher(
  client: Pick<KubeClient, 'get'>,
  discovery: Pick<DiscoveryCache, 'resources'>,
): (identity: ObjectIdentity) => Promise<KubeObject | undefined> {
  return async (identity) => {
    const type: ServedResource | undefined = (await discovery.resources()).find((t) => t.group === identity.group && t.kind === identity.kind);
    if (!type) return undefined;
    try {
      return await client.get(type, { ...(type.namespaced && identity.namespace ? { namespace: identity.namespace } : {}), name: identity.name });
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  };
}

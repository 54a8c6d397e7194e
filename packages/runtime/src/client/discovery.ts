/**
 * API discovery: which resources the server serves, read from /api/v1 and /apis (preferred
 * versions only). Only needed for kinds nobody registered by hand, e.g. to browse a real
 * cluster's CRDs; the runtime itself never depends on it.
 */
import type { KubeClient } from './kube-client.ts';
import { ResourceTypeRegistry, type ResourceType } from './resource-type.ts';

interface ApiResource {
  name: string;
  namespaced: boolean;
  kind: string;
}

interface ApiResourceList {
  groupVersion: string;
  resources: ApiResource[];
}

interface ApiGroupList {
  groups: { name: string; preferredVersion?: { groupVersion: string; version: string } }[];
}

/** Adds every top-level resource the server serves to `registry` (a new one by default). */
export async function discover(client: KubeClient, registry = new ResourceTypeRegistry([]), signal?: AbortSignal): Promise<ResourceTypeRegistry> {
  const lists: ApiResourceList[] = [(await client.getPath('/api/v1', signal)) as ApiResourceList];
  const groups = (await client.getPath('/apis', signal)) as ApiGroupList;
  for (const group of groups.groups) {
    if (!group.preferredVersion) continue;
    lists.push((await client.getPath(`/apis/${group.preferredVersion.groupVersion}`, signal)) as ApiResourceList);
  }
  for (const list of lists) registry.register(...typesOf(list));
  return registry;
}

function typesOf(list: ApiResourceList): ResourceType[] {
  const slash = list.groupVersion.indexOf('/');
  const group = slash < 0 ? '' : list.groupVersion.slice(0, slash);
  const version = slash < 0 ? list.groupVersion : list.groupVersion.slice(slash + 1);
  // "pods/status" and friends are subresources, addressed through their parent.
  return list.resources.filter((r) => !r.name.includes('/')).map((r) => ({ group, version, resource: r.name, kind: r.kind, namespaced: r.namespaced }));
}

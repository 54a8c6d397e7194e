/**
 * Reads the API server's discovery documents (/api/v1, /apis, /apis/{group}/{version}) into
 * resource types with their verbs. The runtime's `discover()` keeps no verbs, and the garbage
 * collector and namespace controller must skip kinds they cannot list, watch or delete.
 */
import type { ResourceType } from '@dojo/runtime';

export interface DiscoveredType extends ResourceType {
  readonly verbs: readonly string[];
}

/** What discovery needs: a GET of a non-resource path (KubeClient.getPath). */
export interface DiscoveryReader {
  getPath(path: string, signal?: AbortSignal): Promise<unknown>;
}

interface ApiResourceList {
  groupVersion: string;
  resources: { name: string; namespaced: boolean; kind: string; verbs?: string[] }[];
}

interface ApiGroupList {
  groups: { preferredVersion?: { groupVersion: string } }[];
}

export async function discoverTypes(reader: DiscoveryReader, signal?: AbortSignal): Promise<DiscoveredType[]> {
  const groups = (await reader.getPath('/apis', signal)) as ApiGroupList;
  const paths = ['/api/v1', ...groups.groups.flatMap((g) => (g.preferredVersion ? [`/apis/${g.preferredVersion.groupVersion}`] : []))];
  const lists = await Promise.all(paths.map((path) => reader.getPath(path, signal) as Promise<ApiResourceList>));
  return lists.flatMap(typesOf);
}

function typesOf(list: ApiResourceList): DiscoveredType[] {
  const slash = list.groupVersion.indexOf('/');
  const group = slash < 0 ? '' : list.groupVersion.slice(0, slash);
  const version = slash < 0 ? list.groupVersion : list.groupVersion.slice(slash + 1);
  // "pods/status" and friends are subresources, addressed through their parent.
  return list.resources
    .filter((r) => !r.name.includes('/'))
    .map((r) => ({ group, version, resource: r.name, kind: r.kind, namespaced: r.namespaced, verbs: r.verbs ?? [] }));
}

/**
 * The names of every object of every kind the cluster lists, for the command palette: one
 * metadata-only LIST (PartialObjectMetadataList) per kind, in the chosen namespace for
 * namespaced kinds. Secrets come as whole objects (redacted), since the proxy serves them no
 * other way. Fetched when the palette opens, kept briefly; a kind that cannot be listed is left out.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KubeList, KubeObject } from '@dojo/kube-api';
import type { ServedResource } from '@dojo/console-protocol';
import { apiRequest } from '../../../lib/api-client.ts';
import { kubePath } from '../../../lib/kube-paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { NamedObject } from '../model/palette-search.ts';
import { isSecretResource } from '../model/secret-changes.ts';
import { canList } from './resource-types.ts';

const metadataAccept = 'application/json;as=PartialObjectMetadataList;v=v1;g=meta.k8s.io';
const perKind = 500;

async function namesOf(type: ServedResource, namespace: string | undefined, signal: AbortSignal): Promise<NamedObject[]> {
  const list = await apiRequest<KubeList<KubeObject>>(kubePath(type, type.namespaced && namespace ? { namespace } : {}), {
    signal,
    query: { limit: perKind },
    ...(isSecretResource(type) ? {} : { accept: metadataAccept }),
  });
  return list.items.map((item) => ({ type, namespace: item.metadata.namespace, name: item.metadata.name ?? '' }));
}

export const objectNamesQueryOptions = (types: readonly ServedResource[], namespace: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.resources.names(namespace),
    queryFn: async ({ signal }) => {
      const lists = await Promise.allSettled(types.filter(canList).map((type) => namesOf(type, namespace, signal)));
      return lists.flatMap((l) => (l.status === 'fulfilled' ? l.value : []));
    },
    staleTime: 15_000,
  });

export function useObjectNames(types: readonly ServedResource[] | undefined, namespace: string | undefined, enabled: boolean) {
  return useQuery({ ...objectNamesQueryOptions(types ?? [], namespace), enabled: enabled && types !== undefined });
}

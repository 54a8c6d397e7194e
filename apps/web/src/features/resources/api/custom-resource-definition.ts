/**
 * The CRD behind a kind, read through the proxy as `customresourcedefinitions/<resource>.<group>`:
 * its versions (served, storage, deprecated), the versions objects are stored as, the conversion
 * strategy and the printer columns. null for a built-in kind (no such CRD: 404) and when the
 * console may not read CRDs (403).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { StatusError } from '@dojo/kube-api';
import { apiRequest } from '../../../lib/api-client.ts';
import { kubePath } from '../../../lib/kube-paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { CustomResourceDefinition } from '../model/kind-versions.ts';

const crds = { group: 'apiextensions.k8s.io', version: 'v1', resource: 'customresourcedefinitions' };

export const customResourceDefinitionQueryOptions = (group: string, resource: string) =>
  queryOptions({
    queryKey: queryKeys.customResourceDefinition(`${resource}.${group}`),
    queryFn: async ({ signal }): Promise<CustomResourceDefinition | null> => {
      // A CRD's group always has a dot; the core group and apps, batch, ... have none.
      if (!group.includes('.')) return null;
      try {
        return await apiRequest<CustomResourceDefinition>(kubePath(crds, { name: `${resource}.${group}` }), { signal });
      } catch (error) {
        if (error instanceof StatusError && (error.code === 404 || error.code === 403)) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });

export function useCustomResourceDefinition(group: string, resource: string) {
  return useQuery(customResourceDefinitionQueryOptions(group, resource));
}

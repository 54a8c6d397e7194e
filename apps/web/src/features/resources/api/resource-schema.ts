/** A kind's OpenAPI v3 schema and the definitions it refers to: the source of its generated form. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupVersionKind } from '@dojo/kube-api';
import { apiRequest } from '../../../lib/api-client.ts';
import { schemaPath } from '../../../lib/kube-paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { KindSchemaNodes } from '../model/schema-refs.ts';

export const resourceSchemaQueryOptions = (gvk: GroupVersionKind) =>
  queryOptions({
    queryKey: queryKeys.schema(gvk),
    queryFn: async ({ signal }): Promise<KindSchemaNodes> => {
      const { schema, definitions } = await apiRequest<KindSchemaNodes>(schemaPath(gvk), { signal });
      return { schema, definitions: definitions ?? {} };
    },
    staleTime: 5 * 60_000,
  });

export function useResourceSchema(gvk: GroupVersionKind | undefined) {
  return useQuery({ ...resourceSchemaQueryOptions(gvk ?? { group: '', version: 'v1', kind: '' }), enabled: gvk !== undefined });
}

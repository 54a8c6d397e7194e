/** A kind's OpenAPI v3 schema, the source of its generated form. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupVersionKind } from '@dojo/kube-api';
import { apiRequest } from '../../../lib/api-client.ts';
import { schemaPath } from '../../../lib/kube-paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { SchemaNode } from '../model/form-schema.ts';

export const resourceSchemaQueryOptions = (gvk: GroupVersionKind) =>
  queryOptions({
    queryKey: queryKeys.schema(gvk),
    queryFn: async ({ signal }) => (await apiRequest<{ schema: SchemaNode }>(schemaPath(gvk), { signal })).schema,
    staleTime: 5 * 60_000,
  });

export function useResourceSchema(gvk: GroupVersionKind | undefined) {
  return useQuery({ ...resourceSchemaQueryOptions(gvk ?? { group: '', version: 'v1', kind: '' }), enabled: gvk !== undefined });
}

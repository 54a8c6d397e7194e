/** A kind's OpenAPI v3 schema and the definitions it refers to: the source of its generated form. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupVersionKind } from '@dojo/kube-api';
import { consoleRequest } from '../../../lib/console-api.ts';
import { urlGroup } from '../../../lib/kube-paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { KindSchemaNodes } from '../model/schema-refs.ts';

export const resourceSchemaQueryOptions = (gvk: GroupVersionKind) =>
  queryOptions({
    queryKey: queryKeys.schema(gvk),
    queryFn: async ({ signal }): Promise<KindSchemaNodes> => {
      const params = { group: urlGroup(gvk.group), version: gvk.version, kind: gvk.kind };
      // The wire's schema is loose JSON; the form reads it as OpenAPI schema nodes.
      const { schema, definitions } = (await consoleRequest('GET /api/schema/:group/:version/:kind', { params, signal })) as unknown as KindSchemaNodes;
      return { schema, definitions: definitions ?? {} };
    },
    staleTime: 5 * 60_000,
  });

export function useResourceSchema(gvk: GroupVersionKind | undefined) {
  return useQuery({ ...resourceSchemaQueryOptions(gvk ?? { group: '', version: 'v1', kind: '' }), enabled: gvk !== undefined });
}

/**
 * Least-privilege RBAC from what one client did (`GET /api/clients/:name/rbac`), and a role file
 * compared with it (`POST /api/clients/:name/rbac/compare`). Derived from the whole journal, so
 * polled slowly.
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const clientRbacQueryOptions = (client: string) =>
  queryOptions({
    queryKey: queryKeys.clients.rbac(client),
    queryFn: ({ signal }) => consoleRequest('GET /api/clients/:name/rbac', { params: { name: client }, signal }),
    refetchInterval: 5000,
  });

export function useClientRbac(client: string) {
  return useQuery(clientRbacQueryOptions(client));
}

export function useCompareRoleFile(client: string) {
  return useMutation({
    mutationFn: (roleFile: string) => consoleRequest('POST /api/clients/:name/rbac/compare', { params: { name: client }, body: { roleFile } }),
  });
}

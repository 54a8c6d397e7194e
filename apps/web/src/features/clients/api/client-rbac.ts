/**
 * Least-privilege RBAC from what one client did (`GET /api/clients/:name/rbac`), and a role file
 * compared with it (`POST /api/clients/:name/rbac/compare`). Derived from the whole journal, so
 * polled slowly.
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ClientRbac, RbacComparison } from '@dojo/console-protocol';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const rbacPath = (client: string) => `/api/clients/${encodeURIComponent(client)}/rbac`;

export const clientRbacQueryOptions = (client: string) =>
  queryOptions({
    queryKey: queryKeys.clients.rbac(client),
    queryFn: ({ signal }) => apiRequest<ClientRbac>(rbacPath(client), { signal }),
    refetchInterval: 5000,
  });

export function useClientRbac(client: string) {
  return useQuery(clientRbacQueryOptions(client));
}

export function useCompareRoleFile(client: string) {
  return useMutation({
    mutationFn: (roleFile: string) => apiRequest<RbacComparison>(`${rbacPath(client)}/compare`, { method: 'POST', body: { roleFile } }),
  });
}

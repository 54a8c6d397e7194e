/**
 * One object's writes that went through admission webhooks or policies, newest first: the
 * request log (GET /api/requests) asked for this object's writes that carry admission records
 * (by uid, and by namespace + name for the refused creates that never had one; endpoints.ts),
 * kept to this object's identity on this side as well (model/object-admission.ts), so a log
 * that filters less still answers right. Polled while the tab is open: a write a moment ago
 * shows up without a reload.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { identityKey, type ObjectIdentity } from '@dojo/kube-api';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { admittedWritesOf } from '../model/object-admission.ts';

/** The newest writes shown; older ones are still in the request log. */
const writesShown = 50;

/** `resource`: the URL's plural of the object's kind, which the request log names writes by. */
export const objectAdmissionQueryOptions = (identity: ObjectIdentity, resource: string) =>
  queryOptions({
    queryKey: queryKeys.admission.object(identityKey(identity), identity.uid),
    queryFn: async ({ signal }) => {
      const page = await consoleRequest('GET /api/requests', {
        signal,
        query: {
          ...(identity.uid ? { uid: identity.uid } : {}),
          ...(identity.namespace ? { namespace: identity.namespace } : {}),
          name: identity.name,
          resource,
          group: identity.group,
          admission: true,
          newest: true,
          limit: writesShown,
        },
      });
      return admittedWritesOf(page.records, identity);
    },
    refetchInterval: 3000,
  });

export function useObjectAdmission(identity: ObjectIdentity, resource: string) {
  return useQuery(objectAdmissionQueryOptions(identity, resource));
}

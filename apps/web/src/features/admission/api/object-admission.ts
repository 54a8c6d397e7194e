/**
 * One object's writes that went through admission webhooks or policies, newest first: the
 * request log (GET /api/requests) asked for the writes of `namespace/name` that carry admission
 * records (`object=…&admission=1`), kept to this object's identity on this side as well
 * (model/object-admission.ts), so a log that does not filter still answers right. Polled while
 * the tab is open: a write a moment ago shows up without a reload.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { identityKey, type ObjectIdentity } from '@dojo/kube-api';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { admittedWritesOf, requestObjectQuery } from '../model/object-admission.ts';

/** The request log keeps a bounded window; this is as far back as the tab reads. */
const recordsRead = 10_000;

export const objectAdmissionQueryOptions = (identity: ObjectIdentity) =>
  queryOptions({
    queryKey: queryKeys.admission.object(identityKey(identity), identity.uid),
    queryFn: async ({ signal }) => {
      const page = await consoleRequest('GET /api/requests', {
        signal,
        query: { object: requestObjectQuery(identity), admission: 1, limit: recordsRead },
      });
      return admittedWritesOf(page.records, identity);
    },
    refetchInterval: 3000,
  });

export function useObjectAdmission(identity: ObjectIdentity) {
  return useQuery(objectAdmissionQueryOptions(identity));
}

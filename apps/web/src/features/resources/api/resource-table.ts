/**
 * A kind's live list as `kubectl get` prints it: the API server's Table for the columns and
 * cells (Pods' READY, STATUS, RESTARTS; a CRD's printer columns), the live list (LIST + watch)
 * for which objects exist and how they are now. When the watch brings a new version of an
 * object, that object alone is printed again (GET of one object as a Table); when many changed
 * at once, the whole Table is fetched again. Cells of the previous version stay on screen
 * until the new ones arrive. The Table is read in pages like the list (list-pages.ts): rows
 * show their cells as each page arrives, and nothing is printed again until both are whole.
 */
import { useEffect, useMemo, useRef } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { GroupVersionResource, KubeObject, Table, TableColumnDefinition } from '@dojo/kube-api';
import { apiRequest } from '../../../lib/api-client.ts';
import { objectIdentity } from '../../../lib/apply-watch-event.ts';
import { kubePath } from '../../../lib/kube-paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { cellsOfTable, objectsToReprint, type CellsByObject } from '../model/kube-table.ts';
import { isComplete, listPageSize, readRemainingPages } from './list-pages.ts';
import { useResourceList } from './resource-list.ts';

export const tableAccept = 'application/json;as=Table;v=v1;g=meta.k8s.io';
/** More changed objects than this are printed again with one request for the whole list. */
const reprintOneByOne = 20;
const reprintDelayMs = 150;

export interface PrintedList {
  columns: readonly TableColumnDefinition[];
  cells: CellsByObject;
  /** False while later pages of the Table are still being read. */
  complete: boolean;
}

// Rows carry whole objects: the proxy redacts Secrets in them, and identity needs the uid.
const printQuery = { includeObject: 'Object' } as const;

export const resourceTableQueryOptions = (gvr: GroupVersionResource, namespace: string | undefined, labelSelector: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.resources.table(gvr, namespace, labelSelector),
    queryFn: async ({ signal, client, queryKey }): Promise<PrintedList> => {
      const path = kubePath(gvr, namespace ? { namespace } : {});
      const page = (token?: string) =>
        apiRequest<Table<KubeObject>>(path, { signal, accept: tableAccept, query: { ...printQuery, labelSelector, limit: listPageSize, continue: token } });
      const first = await page();
      // Printed again (many objects changed at once): the cells of objects not yet reprinted stay.
      const before = client.getQueryData<PrintedList>(queryKey)?.cells;
      const printed: PrintedList = { columns: first.columnDefinitions, cells: cellsOfTable(first, before), complete: isComplete(first) };
      if (printed.complete) return printed;
      client.setQueryData(queryKey, printed);
      await readRemainingPages(
        first,
        page,
        (next) => client.setQueryData<PrintedList>(queryKey, (p) => ({ ...(p ?? printed), cells: cellsOfTable(next, p?.cells), complete: isComplete(next) })),
        signal,
      );
      return client.getQueryData<PrintedList>(queryKey) ?? printed;
    },
    staleTime: Infinity,
    structuralSharing: false,
    retry: false,
  });

async function reprint(queryClient: QueryClient, gvr: GroupVersionResource, key: readonly unknown[], objects: readonly KubeObject[]): Promise<void> {
  const tables = await Promise.allSettled(
    objects.map((o) =>
      apiRequest<Table<KubeObject>>(kubePath(gvr, { ...(o.metadata.namespace ? { namespace: o.metadata.namespace } : {}), name: o.metadata.name ?? '' }), {
        accept: tableAccept,
        query: printQuery,
      }),
    ),
  );
  queryClient.setQueryData<PrintedList>(key, (printed) => {
    if (!printed) return printed;
    let cells = printed.cells;
    // One that failed (deleted meanwhile) is left to the watch.
    for (const t of tables) if (t.status === 'fulfilled') cells = cellsOfTable(t.value, cells);
    return { ...printed, cells };
  });
}

export function useResourceTable(gvr: GroupVersionResource, namespace: string | undefined, labelSelector: string | undefined) {
  const queryClient = useQueryClient();
  const list = useResourceList(gvr, namespace, { labelSelector });
  const table = useQuery(resourceTableQueryOptions(gvr, namespace, labelSelector));
  const key = queryKeys.resources.table(gvr, namespace, labelSelector);
  const keyId = JSON.stringify(key);
  const stale = useMemo(
    () => (isComplete(list.data) && table.data?.complete ? objectsToReprint(list.data!.items, table.data.cells) : []),
    [list.data, table.data],
  );
  // Each version is asked for once (the last version asked, per object): a version the server
  // has already moved past waits for the watch to bring the newer one.
  const asked = useRef(new Map<string, string | undefined>());
  useEffect(() => {
    const wanted = stale.filter((o) => asked.current.get(objectIdentity(o)) !== o.metadata.resourceVersion);
    if (wanted.length === 0) return;
    const timer = setTimeout(() => {
      for (const o of wanted) asked.current.set(objectIdentity(o), o.metadata.resourceVersion);
      const queryKey = JSON.parse(keyId) as readonly unknown[];
      if (wanted.length > reprintOneByOne) void queryClient.refetchQueries({ queryKey, exact: true });
      else void reprint(queryClient, gvr, queryKey, wanted);
    }, reprintDelayMs);
    return () => clearTimeout(timer);
  }, [stale, queryClient, gvr, keyId]);
  return { list, table };
}

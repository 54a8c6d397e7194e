/**
 * A live, virtualized list of one kind as `kubectl get` prints it: the columns of the API
 * server's Table (api/resource-table.ts), sortable; a name filter and a label selector;
 * multi-select with bulk delete. What it shows (filters, order) can be held by the caller,
 * which keeps it in the URL, or by the table itself.
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { KubeObject } from '@dojo/kube-api';
import type { ServedResource } from '@dojo/console-protocol';
import { Button } from '../../../components/Button.tsx';
import { Badge } from '../../../components/ConditionChip.tsx';
import { EmptyState, Loading } from '../../../components/EmptyState.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { VirtualTable, type Column } from '../../../components/VirtualTable.tsx';
import { objectIdentity } from '../../../lib/apply-watch-event.ts';
import { Link } from '../../../lib/router.tsx';
import { ageOfTimestamp } from '../../../lib/time-format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { isComplete } from '../api/list-pages.ts';
import { useResourceTable } from '../api/resource-table.ts';
import { printedColumns, type PrintedColumn } from '../model/kube-table.ts';
import { readLabelSelector } from '../model/label-filter.ts';
import { listRows, type ListRow, type ListView } from '../model/list-rows.ts';
import { formatSort, nextSort, parseSort } from '../model/table-sort.ts';
import { BulkDeleteDialog } from './BulkDeleteDialog.tsx';
import { ListToolbar } from './ListToolbar.tsx';

export interface ResourceTableProps {
  type: ServedResource;
  namespace?: string | undefined;
  detailPath: (object: KubeObject) => string;
  view?: ListView;
  onViewChange?: (view: ListView) => void;
  maxHeight?: number;
  /** A small per-row indicator before the name (the page's readiness hint), and its column's name. */
  rowHint?: { header: string; cell: (object: KubeObject) => ReactNode };
  /** Told whether every page of the list is in (false while they are read), each time that changes. */
  onComplete?: (complete: boolean) => void;
}

/** Shown until the API server answers with its columns (or when it has none for the kind). */
const ownAge: PrintedColumn = { id: 'age', name: 'Age', type: 'date', description: 'Time since creation', index: -1, age: true };

function printed(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const widthOf = (c: PrintedColumn) => (c.age ? '5rem' : c.name === 'Message' ? 'minmax(14rem, 4fr)' : 'minmax(5.5rem, 1fr)');

export function ResourceTable({ type, namespace, detailPath, view: held, onViewChange, maxHeight, rowHint, onComplete }: ResourceTableProps) {
  const [own, setOwn] = useState<ListView>({});
  const view = held ?? own;
  const setView = onViewChange ?? setOwn;
  const selector = readLabelSelector(view.labelSelector ?? '');
  const { list, table } = useResourceTable(type, namespace, selector.ok ? selector.selector : undefined);
  const now = useNow(5_000);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState(false);

  const columns = useMemo(() => {
    const fromServer = printedColumns(table.data?.columns ?? []);
    return fromServer.some((c) => c.age) ? fromServer : [...fromServer, ownAge];
  }, [table.data?.columns]);
  const items = list.data?.items;
  const complete = isComplete(list.data);
  useEffect(() => onComplete?.(complete), [complete, onComplete]);
  const rows = useMemo(() => listRows(items ?? [], table.data?.cells ?? new Map(), columns, view), [items, table.data?.cells, columns, view]);
  const chosen = useMemo(() => rows.filter((r) => selected.has(objectIdentity(r.object))).map((r) => r.object), [rows, selected]);
  const canDelete = type.verbs.includes('delete');
  const order = useMemo(() => parseSort(view.sort), [view.sort]);
  const sortable = useCallback(
    (id: string) => ({
      direction: order?.column === id ? order.direction : undefined,
      onSort: () => setView({ ...view, sort: formatSort(nextSort(order, id)) }),
    }),
    [order, view, setView],
  );

  const tableColumns = useMemo((): Column<ListRow>[] => {
    const toggle = (id: string, on: boolean) =>
      setSelected((s) => {
        const next = new Set(s);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      });
    const cols: Column<ListRow>[] = [];
    if (canDelete) {
      const all = rows.length > 0 && chosen.length === rows.length;
      cols.push({
        id: 'select',
        width: '2.5rem',
        header: (
          <input
            type="checkbox"
            aria-label={`Select all ${rows.length} shown`}
            checked={all}
            onChange={(e) => setSelected(e.target.checked ? new Set(rows.map((r) => objectIdentity(r.object))) : new Set())}
          />
        ),
        cell: (r) => (
          <input
            type="checkbox"
            aria-label={`Select ${r.object.metadata.name}`}
            checked={selected.has(objectIdentity(r.object))}
            onChange={(e) => toggle(objectIdentity(r.object), e.target.checked)}
          />
        ),
      });
    }
    if (rowHint) cols.push({ id: 'hint', width: '2.75rem', header: <span className="sr-only">{rowHint.header}</span>, cell: (r) => rowHint.cell(r.object) });
    cols.push({
      id: 'name',
      header: 'Name',
      width: 'minmax(10rem, 2fr)',
      sort: sortable('name'),
      cell: (r) => (
        <span className="flex items-center gap-2">
          <Link to={detailPath(r.object)} className="truncate font-medium text-indigo-700 hover:underline dark:text-indigo-300">
            <bdi>{r.object.metadata.name}</bdi>
          </Link>
          {r.object.metadata.deletionTimestamp ? <Badge tone="unknown">Terminating</Badge> : null}
        </span>
      ),
    });
    if (!namespace && type.namespaced)
      cols.push({
        id: 'namespace',
        header: 'Namespace',
        width: 'minmax(6rem, 1fr)',
        sort: sortable('namespace'),
        cell: (r) => <bdi>{r.object.metadata.namespace}</bdi>,
      });
    for (const c of columns) {
      cols.push({
        id: `column-${c.id}`,
        header: <span title={c.description}>{c.name}</span>,
        width: widthOf(c),
        align: c.age || c.type === 'integer' || c.type === 'number' ? 'right' : 'left',
        sort: sortable(c.id),
        cell: (r) =>
          c.age ? (
            ageOfTimestamp(r.object.metadata.creationTimestamp, now)
          ) : r.cells ? (
            <bdi>{printed(r.cells[c.index])}</bdi>
          ) : (
            <span className="text-slate-500 dark:text-slate-400">…</span>
          ),
      });
    }
    return cols;
  }, [canDelete, rows, chosen.length, selected, sortable, namespace, type.namespaced, columns, detailPath, now, rowHint]);

  if (list.isPending) return <Loading label={`Loading ${type.kind} objects…`} />;
  if (list.error) return <ErrorNotice error={list.error} title={`Could not list ${type.kind} objects`} />;
  const shownCounts = rows.length === (items?.length ?? 0) ? `${rows.length} objects` : `${rows.length} of ${items?.length ?? 0}`;
  const remaining = list.data?.metadata.continue ? list.data.metadata.remainingItemCount : undefined;
  const counts = list.data?.metadata.continue ? `${shownCounts} · loading${remaining === undefined ? ' more' : ` ${remaining} more`}…` : shownCounts;
  return (
    <div className="flex flex-col gap-3">
      <ListToolbar
        kind={type.kind}
        filters={view}
        onFilters={(filters) => setView({ ...view, ...filters })}
        counts={chosen.length ? `${counts} · ${chosen.length} selected` : counts}
        actions={
          chosen.length ? (
            <>
              <Button variant="ghost" onClick={() => setSelected(new Set())}>
                Clear selection
              </Button>
              <Button variant="danger" onClick={() => setDeleting(true)}>
                Delete selected ({chosen.length})
              </Button>
            </>
          ) : null
        }
      />
      {table.error ? (
        <p className="px-3 text-xs text-slate-600 dark:text-slate-400">The API server printed no columns for this kind: {table.error.message}</p>
      ) : null}
      <VirtualTable
        label={`${type.kind} objects`}
        columns={tableColumns}
        rows={rows}
        rowKey={(r) => objectIdentity(r.object)}
        maxHeight={maxHeight}
        empty={
          <EmptyState
            title={`No ${type.kind} objects${namespace ? ` in ${namespace}` : ''}${selector.ok && selector.selector ? ` match ${selector.selector}` : ''}.`}
          />
        }
      />
      <BulkDeleteDialog
        gvr={type}
        kind={type.kind}
        objects={chosen}
        open={deleting}
        onClose={() => setDeleting(false)}
        onDeleted={(gone) => setSelected((s) => new Set([...s].filter((id) => !gone.includes(id))))}
      />
    </div>
  );
}

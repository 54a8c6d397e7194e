/**
 * A live, virtualized table of one kind: name, namespace, the CRD's printer columns, conditions
 * as chips, readiness, owner, age, Terminating. Columns come from conventions and the CRD, not
 * from per-kind code.
 */
import { useMemo, useState } from 'react';
import type { GroupVersionResource, KubeObject } from '@dojo/kube-api';
import { Badge, ConditionChip } from '../../../components/ConditionChip.tsx';
import { EmptyState, Loading } from '../../../components/EmptyState.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { VirtualTable, type Column } from '../../../components/VirtualTable.tsx';
import { Link } from '../../../lib/router.tsx';
import { ageOfTimestamp } from '../../../lib/time-format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { usePrinterColumns } from '../api/printer-columns.ts';
import { useResourceList } from '../api/resource-list.ts';
import { conditionsOf, controllerOwner, extraPrinterColumns, isTerminating, phaseOf, printerCell, readyText } from '../model/object-summary.ts';
import { inputClass } from './form/form-context.ts';

export interface ResourceTableProps {
  gvr: GroupVersionResource;
  kind: string;
  namespace?: string;
  detailPath: (object: KubeObject) => string;
  /** Shows a name filter above the table. */
  filterable?: boolean;
  maxHeight?: number;
}

export function ResourceTable({ gvr, kind, namespace, detailPath, filterable = true, maxHeight }: ResourceTableProps) {
  const list = useResourceList(gvr, namespace);
  const printer = usePrinterColumns(gvr.group, gvr.version, gvr.resource);
  const now = useNow(5_000);
  const [filter, setFilter] = useState('');
  const items = list.data?.items;
  const rows = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (items ?? [])
      .filter((o) => !needle || (o.metadata.name ?? '').toLowerCase().includes(needle) || (o.metadata.namespace ?? '').includes(needle))
      .sort((a, b) => (a.metadata.namespace ?? '').localeCompare(b.metadata.namespace ?? '') || (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''));
  }, [items, filter]);

  const columns = useMemo((): Column<KubeObject>[] => {
    const all = items ?? [];
    const cols: Column<KubeObject>[] = [
      {
        id: 'name',
        header: 'Name',
        width: 'minmax(10rem, 2fr)',
        cell: (o) => (
          <span className="flex items-center gap-2">
            <Link to={detailPath(o)} className="truncate font-medium text-indigo-700 hover:underline dark:text-indigo-300">
              <bdi>{o.metadata.name}</bdi>
            </Link>
            {isTerminating(o) ? <Badge tone="unknown">Terminating</Badge> : null}
          </span>
        ),
      },
    ];
    if (!namespace && all.some((o) => o.metadata.namespace)) {
      cols.push({ id: 'namespace', header: 'Namespace', width: 'minmax(6rem, 1fr)', cell: (o) => <bdi>{o.metadata.namespace}</bdi> });
    }
    for (const column of extraPrinterColumns(printer.data ?? [])) {
      cols.push({ id: `printer-${column.name}`, header: column.name, width: 'minmax(5rem, 1fr)', cell: (o) => <bdi>{printerCell(o, column)}</bdi> });
    }
    const printerHasReady = (printer.data ?? []).some((c) => c.name.toLowerCase() === 'ready');
    if (!printerHasReady && all.some((o) => readyText(o) !== undefined)) {
      cols.push({ id: 'ready', header: 'Ready', width: '5rem', cell: (o) => readyText(o) ?? '' });
    }
    if (all.some((o) => phaseOf(o) !== undefined)) cols.push({ id: 'phase', header: 'Phase', width: '6rem', cell: (o) => phaseOf(o) ?? '' });
    if (all.some((o) => conditionsOf(o).length > 0)) {
      cols.push({
        id: 'conditions',
        header: 'Conditions',
        width: 'minmax(19rem, 2.5fr)',
        cell: (o) => (
          <span className="flex gap-1 overflow-hidden">
            {conditionsOf(o).map((c) => (
              <ConditionChip key={c.type} condition={c} />
            ))}
          </span>
        ),
      });
    }
    if (all.some((o) => controllerOwner(o))) {
      cols.push({
        id: 'owner',
        header: 'Owner',
        width: 'minmax(8rem, 1fr)',
        cell: (o) => {
          const owner = controllerOwner(o);
          return owner ? <bdi>{`${owner.kind}/${owner.name}`}</bdi> : '';
        },
      });
    }
    cols.push({ id: 'age', header: 'Age', width: '4.5rem', align: 'right', cell: (o) => ageOfTimestamp(o.metadata.creationTimestamp, now) });
    return cols;
  }, [items, printer.data, namespace, detailPath, now]);

  if (list.isPending) return <Loading label={`Loading ${kind} objects…`} />;
  if (list.error) return <ErrorNotice error={list.error} title={`Could not list ${kind} objects`} />;
  return (
    <div className="flex flex-col gap-3">
      {filterable ? (
        <div className="flex items-center gap-3 px-3 pt-3">
          <label className="sr-only" htmlFor={`filter-${gvr.resource}`}>
            Filter {kind} by name
          </label>
          <input
            id={`filter-${gvr.resource}`}
            type="search"
            placeholder="Filter by name or namespace"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            className={`${inputClass} max-w-xs`}
          />
          <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
            {rows.length === (items?.length ?? 0) ? `${rows.length} objects` : `${rows.length} of ${items?.length ?? 0}`}
          </span>
        </div>
      ) : null}
      <VirtualTable
        label={`${kind} objects`}
        columns={columns}
        rows={rows}
        rowKey={(o) => o.metadata.uid ?? `${o.metadata.namespace}/${o.metadata.name}`}
        maxHeight={maxHeight}
        empty={<EmptyState title={`No ${kind} objects${namespace ? ` in ${namespace}` : ''}.`} />}
      />
    </div>
  );
}

/**
 * The rows a list shows: the live objects, with the cells printed for them, those whose name
 * or namespace contains the filter text, in the order asked for (by namespace and name when
 * none was). Name, Namespace and Age sort by the object itself; every other column by its
 * printed cell.
 */
import type { KubeObject } from '@dojo/kube-api';
import { cellsOf, type CellsByObject, type PrintedColumn } from './kube-table.ts';
import { cellSortKey, parseSort, sortBy, type SortKey } from './table-sort.ts';

export interface ListRow {
  object: KubeObject;
  /** Undefined until the server printed the object. */
  cells: readonly unknown[] | undefined;
}

/** What a list shows, all of it plain text so that the list page can keep it in its URL. */
export interface ListView {
  /** Text the names (or namespaces) shown contain. */
  q?: string | undefined;
  /** A column id, `-` first for descending (`-restarts`). */
  sort?: string | undefined;
  /** A label selector as kubectl's `-l` takes it (`app=web,tier!=db`). */
  labelSelector?: string | undefined;
}

function sortKeyOf(column: string, columns: readonly PrintedColumn[]): ((row: ListRow) => SortKey) | undefined {
  if (column === 'name') return (row) => row.object.metadata.name;
  if (column === 'namespace') return (row) => row.object.metadata.namespace;
  const printed = columns.find((c) => c.id === column);
  if (!printed) return undefined;
  if (printed.age) {
    // Youngest first when ascending, as ages grow.
    return (row) => {
      const created = Date.parse(row.object.metadata.creationTimestamp ?? '');
      return Number.isNaN(created) ? undefined : -created;
    };
  }
  return (row) => cellSortKey(row.cells?.[printed.index], printed.type);
}

export function listRows(objects: readonly KubeObject[], cells: CellsByObject, columns: readonly PrintedColumn[], query: ListView): ListRow[] {
  const needle = query.q?.trim().toLowerCase();
  const shown = objects
    .filter((o) => !needle || (o.metadata.name ?? '').toLowerCase().includes(needle) || (o.metadata.namespace ?? '').includes(needle))
    .map((object) => ({ object, cells: cellsOf(object, cells) }));
  const byName = sortBy(
    sortBy(shown, (r) => r.object.metadata.name, 'ascending'),
    (r) => r.object.metadata.namespace,
    'ascending',
  );
  const order = parseSort(query.sort);
  const key = order && sortKeyOf(order.column, columns);
  return key ? sortBy(byName, key, order.direction) : byName;
}

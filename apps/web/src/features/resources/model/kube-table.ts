/**
 * A kind's objects as `kubectl get` prints them: the API server's Table (its columns, one row of
 * cells per object), joined to the live list the watch keeps current. Cells are the server's
 * and are remembered with the resourceVersion they were printed at, so a row whose object has
 * moved on is known to need printing again.
 */
import type { KubeObject, Table, TableColumnDefinition } from '@dojo/kube-api';
import { objectIdentity } from '../../../lib/apply-watch-event.ts';

export interface PrintedCells {
  resourceVersion: string | undefined;
  cells: readonly unknown[];
}

export type CellsByObject = ReadonlyMap<string, PrintedCells>;

/** A column the list shows, from the Table's definitions. */
export interface PrintedColumn {
  /** Lowercase, for URLs (`?sort=-restarts`). */
  id: string;
  name: string;
  type: string;
  description: string;
  /** Where its cell is in a row. */
  index: number;
  /** The Age column: shown from `creationTimestamp`, ticking, instead of the text printed once. */
  age: boolean;
}

export const columnId = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The columns of the default `kubectl get` output (priority 0), without Name, which the list
 * shows itself as a link.
 */
export function printedColumns(definitions: readonly TableColumnDefinition[]): PrintedColumn[] {
  const nameIndex = definitions.findIndex((d) => d.format === 'name' || d.name === 'Name');
  return definitions.flatMap((d, index) =>
    index === nameIndex || d.priority > 0
      ? []
      : [{ id: columnId(d.name), name: d.name, type: d.type, description: d.description, index, age: d.name === 'Age' }],
  );
}

/** The cells of each row of a Table whose rows carry their objects (`includeObject=Object`). */
export function cellsOfTable(table: Table<KubeObject>, into: CellsByObject = new Map()): Map<string, PrintedCells> {
  const out = new Map(into);
  for (const row of table.rows) {
    if (!row.object?.metadata) continue;
    out.set(objectIdentity(row.object), { resourceVersion: row.object.metadata.resourceVersion, cells: row.cells });
  }
  return out;
}

/** Objects with no cells yet, or cells printed at another resourceVersion than the object's now. */
export function objectsToReprint(objects: readonly KubeObject[], cells: CellsByObject): KubeObject[] {
  return objects.filter((o) => cells.get(objectIdentity(o))?.resourceVersion !== o.metadata.resourceVersion);
}

/** The newest cells known for an object (possibly of an older version, until it is printed again). */
export function cellsOf(object: KubeObject, cells: CellsByObject): readonly unknown[] | undefined {
  return cells.get(objectIdentity(object))?.cells;
}

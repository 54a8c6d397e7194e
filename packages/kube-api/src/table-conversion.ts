/** Renders objects as meta.k8s.io Tables: what `kubectl get` prints, rows carrying metadata. */
import type { TableColumn } from './table-columns.ts';
import type { KubeObject, Table } from './types.ts';

export type IncludeObject = 'None' | 'Metadata' | 'Object';

export function partialObjectMetadata(obj: KubeObject, version = 'v1'): Record<string, unknown> {
  return { kind: 'PartialObjectMetadata', apiVersion: `meta.k8s.io/${version}`, metadata: obj.metadata };
}

/** `info` needs only its columns: a recording's replay prints the kinds it recorded with the same columns. */
export function toTable(
  info: { readonly columns: readonly TableColumn[] },
  objects: readonly KubeObject[],
  options: { version: string; includeObject: IncludeObject; listMeta?: Table['metadata']; withColumns: boolean; now?: number },
): Table {
  const now = options.now ?? Date.now();
  return {
    kind: 'Table',
    apiVersion: `meta.k8s.io/${options.version}`,
    metadata: options.listMeta ?? {},
    columnDefinitions: options.withColumns
      ? info.columns.map((c) => ({ name: c.name, type: c.type, format: c.format ?? '', description: c.description, priority: c.priority }))
      : [],
    rows: objects.map((obj) => {
      const row: Table['rows'][number] = { cells: info.columns.map((c) => c.cell(obj, now, options.listMeta ? objects : undefined) ?? null) };
      if (options.includeObject === 'Object') row.object = obj;
      else if (options.includeObject === 'Metadata') row.object = partialObjectMetadata(obj, options.version);
      return row;
    }),
  };
}

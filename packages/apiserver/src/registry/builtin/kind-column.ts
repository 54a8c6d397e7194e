/** A kind-specific Table column with kube's header and description (pkg/printers/internalversion/printers.go). */
import type { TableColumn } from '@dojo/kube-api';

export function kindColumn(name: string, description: string, cell: TableColumn['cell'], type: TableColumn['type'] = 'string', priority = 0): TableColumn {
  return { name, type, description, priority, cell };
}

/** Lists as kubectl prints them: the first `max`, then "+ N more...". */
export function listWithMore(items: readonly string[], max: number, empty: string): string {
  if (items.length > max) return `${items.slice(0, max).join(',')} + ${items.length - max} more...`;
  return items.length ? items.join(',') : empty;
}

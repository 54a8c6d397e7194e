/**
 * Sorting a list by one column, as a person expects from a table: numbers as numbers, ages as
 * durations, text in natural order ("pod-2" before "pod-10"), empty cells last in either
 * direction, ties kept in the order they came (stable). The order is written `age` or `-age`
 * (descending), for the URL.
 */
export type SortDirection = 'ascending' | 'descending';

export interface SortOrder {
  column: string;
  direction: SortDirection;
}

export type SortKey = number | string | undefined;

export function parseSort(text: string | undefined): SortOrder | undefined {
  if (!text) return undefined;
  const descending = text.startsWith('-');
  const column = descending ? text.slice(1) : text;
  return column ? { column, direction: descending ? 'descending' : 'ascending' } : undefined;
}

export function formatSort(order: SortOrder | undefined): string | undefined {
  return order ? `${order.direction === 'descending' ? '-' : ''}${order.column}` : undefined;
}

/** A header click: a new column sorts ascending, the current one flips. */
export function nextSort(current: SortOrder | undefined, column: string): SortOrder {
  if (current?.column !== column) return { column, direction: 'ascending' };
  return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}

const units: Record<string, number> = { y: 365 * 86_400_000, d: 86_400_000, h: 3_600_000, m: 60_000, s: 1_000 };

/** kube-apiserver's HumanDuration ("3d4h", "5m10s", "42s") in milliseconds; undefined for anything else. */
export function durationMs(text: string): number | undefined {
  if (!/^(\d+[ydhms])+$/.test(text)) return undefined;
  let total = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+)([ydhms])/g)) total += Number(amount) * units[unit!]!;
  return total;
}

/** How a printed cell sorts, by its column's type. */
export function cellSortKey(value: unknown, type: string): SortKey {
  if (value === null || value === undefined || value === '' || value === '<none>') return undefined;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (type === 'integer' || type === 'number') {
    const n = Number(text);
    return Number.isNaN(n) ? text : n;
  }
  if (type === 'date') return durationMs(text) ?? text;
  return text;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Numbers before text; undefined is handled by sortBy. */
export function compareKeys(a: Exclude<SortKey, undefined>, b: Exclude<SortKey, undefined>): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return collator.compare(a, b);
}

export function sortBy<T>(rows: readonly T[], key: (row: T) => SortKey, direction: SortDirection): T[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: key(row) }))
    .sort((a, b) => {
      if (a.key === undefined || b.key === undefined) return a.key === b.key ? a.index - b.index : a.key === undefined ? 1 : -1;
      return sign * compareKeys(a.key, b.key) || a.index - b.index;
    })
    .map((entry) => entry.row);
}

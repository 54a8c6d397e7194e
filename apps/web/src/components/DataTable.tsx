/** A plain semantic <table> for short lists (conditions, API calls); long lists use VirtualTable. */
import type { ReactNode } from 'react';

export interface DataColumn<T> {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right';
  className?: string;
}

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty = 'Nothing to show.',
  captionHidden = true,
  focusable = false,
}: {
  caption: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  empty?: ReactNode;
  captionHidden?: boolean;
  /**
   * A table of text only, whose columns may scroll sideways on a narrow screen: the scroller takes
   * the focus so a keyboard can scroll it (WCAG 2.1.1; axe's scrollable-region-focusable).
   */
  focusable?: boolean;
}) {
  return (
    // relative: a screen-reader-only header is absolutely positioned, and must scroll with the
    // table instead of widening the page.
    <div className="relative overflow-x-auto" {...(focusable ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}>
      <table className="w-full text-left text-sm">
        <caption className={captionHidden ? 'sr-only' : 'pb-2 text-left text-sm font-medium'}>{caption}</caption>
        <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase dark:border-slate-800 dark:text-slate-400">
          <tr>
            {columns.map((c) => (
              <th key={c.id} scope="col" className={`px-3 py-2 font-medium ${c.align === 'right' ? 'text-right' : ''}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-4 text-center text-slate-500 dark:text-slate-400">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row, i) => (
              <tr key={rowKey(row, i)} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800/70">
                {columns.map((c) => (
                  <td key={c.id} className={`px-3 py-2 ${c.align === 'right' ? 'text-right tabular-nums' : ''} ${c.className ?? ''}`}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

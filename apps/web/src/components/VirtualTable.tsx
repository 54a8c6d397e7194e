/**
 * A table that renders only the rows in view (@tanstack/react-virtual), so 10,000 live rows
 * cost what 20 do. It keeps table semantics for assistive technology: role="table" with
 * aria-rowcount, and each rendered row says its aria-rowindex; the rows' scroller takes focus,
 * so the keyboard can bring any row into view. A sortable column's header is a real button,
 * and the header says how the table is sorted (aria-sort).
 */
import { memo, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

export interface Column<T> {
  id: string;
  header: ReactNode;
  /** A CSS grid track, e.g. "minmax(10rem, 2fr)" or "6rem". */
  width: string;
  cell: (row: T) => ReactNode;
  /** The cell's whole text as a tooltip, for a value its track may truncate. */
  title?: (row: T) => string | undefined;
  align?: 'left' | 'right';
  /** Makes the header a button that sorts by this column. */
  sort?: { direction: 'ascending' | 'descending' | undefined; onSort: () => void };
}

function HeaderContent<T>({ column }: { column: Column<T> }) {
  if (!column.sort) return <>{column.header}</>;
  const { direction, onSort } = column.sort;
  return (
    <button
      type="button"
      onClick={onSort}
      className={`inline-flex max-w-full items-center gap-1 rounded uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:text-white ${column.align === 'right' ? 'flex-row-reverse' : ''}`}
    >
      <span className="truncate">{column.header}</span>
      <span aria-hidden="true" className={direction ? '' : 'opacity-40'}>
        {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
      </span>
    </button>
  );
}

/**
 * Rows that open something when clicked anywhere (a pointer convenience): the keyboard opens
 * them through a button in one of the row's cells, which the table's user must render.
 */
export interface RowActivation<T> {
  onActivate: (row: T) => void;
  isSelected?: (row: T) => boolean;
}

/** The narrowest a track can be: `minmax(10rem, 2fr)` -> 10, `6rem` -> 6 (rem); anything else counts 0. */
function minimumRem(track: string): number {
  const first = /^(?:minmax\()?\s*([\d.]+)rem/.exec(track);
  return first ? Number(first[1]) : 0;
}

/** Whether the element is narrower than its content (and so scrolls sideways). */
function useOverflows(ref: RefObject<HTMLElement | null>, contentWidth: string): boolean {
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => setOverflows(element.scrollWidth > element.clientWidth);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, contentWidth]);
  return overflows;
}

interface VirtualRowProps<T> {
  row: T;
  columns: readonly Column<T>[];
  template: string;
  index: number;
  size: number;
  start: number;
  activation?: RowActivation<T> | undefined;
}

/**
 * One rendered row. Memoized: while the list scrolls, rows still in view are not rendered again
 * (only those that enter are). Containment keeps a row's layout and paint to itself, so a
 * frame that brings new rows lays out only them.
 */
const VirtualRow = memo(function VirtualRow<T>({ row, columns, template, index, size, start, activation }: VirtualRowProps<T>) {
  const selected = activation?.isSelected?.(row) ?? false;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={`absolute inset-x-0 grid items-center border-b border-slate-100 dark:border-slate-800/70 ${selected ? 'bg-indigo-50 dark:bg-indigo-950/50' : 'hover:bg-slate-50 dark:hover:bg-slate-800/40'} ${activation ? 'cursor-pointer' : ''}`}
      style={{ gridTemplateColumns: template, height: size, transform: `translateY(${start}px)`, contain: 'strict' }}
      // A click anywhere on the row opens it; its own links and buttons keep their meaning.
      onClick={
        activation
          ? (event) => void ((event.target as Element).closest('a, button, input, select, textarea') ? undefined : activation.onActivate(row))
          : undefined
      }
    >
      {columns.map((column) => (
        <div
          key={column.id}
          role="cell"
          title={column.title?.(row)}
          className={`min-w-0 truncate px-3 ${column.align === 'right' ? 'text-right tabular-nums' : ''}`}
        >
          {column.cell(row)}
        </div>
      ))}
    </div>
  );
}) as <T>(props: VirtualRowProps<T>) => ReactNode;

export function VirtualTable<T>({
  label,
  columns,
  rows,
  rowKey,
  rowHeight = 40,
  maxHeight = 560,
  empty,
  activation,
}: {
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowHeight?: number;
  maxHeight?: number | undefined;
  empty?: ReactNode;
  activation?: RowActivation<T>;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    // Two rows beyond each edge: enough for keyboard and wheel steps. A fast scroll mounts every
    // row in view afresh each frame, and each extra row is one more to mount (web-scale bench).
    overscan: 2,
  });
  const template = columns.map((c) => c.width).join(' ');
  // Narrower than its columns (a phone), the table scrolls sideways by itself, not the page.
  const minWidth = `${columns.reduce((sum, c) => sum + minimumRem(c.width), 0) + 1.5 * columns.length}rem`;
  const height = Math.min(maxHeight, Math.max(rows.length, 1) * rowHeight);
  const overflows = useOverflows(tableRef, minWidth);
  return (
    <div
      ref={tableRef}
      role="table"
      aria-label={label}
      aria-rowcount={rows.length + 1}
      // A region that scrolls must be reachable by keyboard to be scrolled.
      tabIndex={overflows ? 0 : undefined}
      className="overflow-x-auto text-sm focus-visible:outline-2 focus-visible:outline-indigo-500"
    >
      <div style={{ minWidth }}>
        <div role="rowgroup">
          <div
            role="row"
            aria-rowindex={1}
            className="grid border-b border-slate-200 bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-400"
            style={{ gridTemplateColumns: template }}
          >
            {columns.map((column) => (
              <div
                key={column.id}
                role="columnheader"
                aria-sort={column.sort ? (column.sort.direction ?? 'none') : undefined}
                className={`truncate px-3 py-2 ${column.align === 'right' ? 'text-right' : ''}`}
              >
                <HeaderContent column={column} />
              </div>
            ))}
          </div>
        </div>
        {rows.length === 0 ? (
          <div className="p-3">{empty}</div>
        ) : (
          <div
            ref={scrollRef}
            role="rowgroup"
            // Rows out of view are not in the page: the keyboard reaches them by scrolling here
            // (arrows, Page Up/Down, Home/End), then Tab goes into the row's links.
            tabIndex={rows.length * rowHeight > height ? 0 : undefined}
            className="overflow-auto focus-visible:outline-2 focus-visible:outline-indigo-500"
            style={{ height, contain: 'strict' }}
          >
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => {
                const row = rows[item.index]!;
                return (
                  <VirtualRow
                    key={rowKey(row)}
                    row={row}
                    columns={columns}
                    template={template}
                    index={item.index}
                    size={item.size}
                    start={item.start}
                    activation={activation}
                  />
                );
              })}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

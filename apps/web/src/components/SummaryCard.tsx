/**
 * The frame every at-a-glance card shares (a controller, a client, a traced or a scraped
 * controller): an article named for screen readers, a header with the name, one line saying
 * what it is, and badges on the right; the card's figures and links follow as children. A card
 * whose figures are not current (`stale`) gets an amber border.
 */
import type { ReactNode } from 'react';

export function SummaryCard({
  label,
  name,
  detail,
  detailTitle,
  badges,
  stale = false,
  children,
}: {
  /** The article's accessible name, e.g. "Controller dojo". */
  label: string;
  name: string;
  detail: ReactNode;
  /** The detail line's tooltip: its whole text when it may be truncated, or where it comes from. */
  detailTitle?: string | undefined;
  badges: ReactNode;
  stale?: boolean;
  children: ReactNode;
}) {
  return (
    <article
      aria-label={label}
      className={`flex flex-col gap-3 rounded-lg border bg-white p-4 shadow-xs dark:bg-slate-900 ${stale ? 'border-amber-300 dark:border-amber-700' : 'border-slate-200 dark:border-slate-800'}`}
    >
      <header className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-slate-900 dark:text-white">{name}</h3>
          <p className="truncate font-mono text-xs text-slate-500 dark:text-slate-400" title={detailTitle}>
            {detail}
          </p>
        </div>
        {badges}
      </header>
      {children}
    </article>
  );
}

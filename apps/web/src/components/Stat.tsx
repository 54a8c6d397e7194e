/** One number with its name, as a description list entry. */
import type { ReactNode } from 'react';

export function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <div className="min-w-0">
      <dt className="truncate text-xs text-slate-500 dark:text-slate-400" title={hint}>
        {label}
      </dt>
      <dd className="text-lg font-semibold text-slate-900 tabular-nums dark:text-slate-100">{value}</dd>
    </div>
  );
}

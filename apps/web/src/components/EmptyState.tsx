import type { ReactNode } from 'react';

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
      <p className="font-medium text-slate-700 dark:text-slate-300">{title}</p>
      {children ? <div className="mt-1">{children}</div> : null}
    </div>
  );
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-4 text-sm text-slate-600 dark:text-slate-400">
      {/* The dot pulses, not the text: fading text would drop below readable contrast. */}
      <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-slate-400" />
      {label}
    </p>
  );
}

/** A titled section of a page. The heading names the region for screen readers. */
import { useId, type ReactNode } from 'react';

export interface PanelProps {
  title: ReactNode;
  /** Heading level inside the page; pages use h1 in the header and h2 for their title. */
  level?: 2 | 3;
  actions?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string | undefined;
  bodyClassName?: string;
}

export function Panel({ title, level = 3, actions, description, children, className = '', bodyClassName = 'p-4' }: PanelProps) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id} className={`rounded-lg border border-slate-200 bg-white shadow-xs dark:border-slate-800 dark:bg-slate-900 ${className}`}>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-2.5 dark:border-slate-800">
        <div>
          <Heading id={id} className="text-sm font-semibold text-slate-900 dark:text-slate-100">
            {title}
          </Heading>
          {description ? <p className="text-xs text-slate-500 dark:text-slate-400">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      <div className={bodyClassName}>{children}</div>
    </section>
  );
}

/**
 * Above a list: the name filter, the label selector (kubectl's `-l`, checked as it is typed and
 * applied once it parses), how many objects are shown, and what to do with the selected ones.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { readLabelSelector } from '../model/label-filter.ts';
import { inputClass } from './form/form-context.ts';

export interface ListFilters {
  q?: string | undefined;
  labelSelector?: string | undefined;
}

const applyAfterMs = 400;

export function ListToolbar({
  kind,
  filters,
  onFilters,
  counts,
  actions,
}: {
  kind: string;
  filters: ListFilters;
  onFilters: (filters: ListFilters) => void;
  counts: string;
  actions?: ReactNode;
}) {
  const id = useId();
  const [typed, setTyped] = useState<string>();
  const selectorText = typed ?? filters.labelSelector ?? '';
  const selector = readLabelSelector(selectorText);
  const applied = filters.labelSelector ?? '';
  useEffect(() => {
    if (typed === undefined || typed === applied || !readLabelSelector(typed).ok) return;
    const timer = setTimeout(() => {
      onFilters({ ...filters, labelSelector: typed.trim() || undefined });
      setTyped(undefined);
    }, applyAfterMs);
    return () => clearTimeout(timer);
  }, [typed, applied, filters, onFilters]);
  return (
    <div className="flex flex-wrap items-start gap-3 px-3 pt-3">
      <div className="w-full max-w-xs">
        <label className="sr-only" htmlFor={`${id}-name`}>
          Filter {kind} by name
        </label>
        <input
          id={`${id}-name`}
          type="search"
          placeholder="Filter by name or namespace"
          value={filters.q ?? ''}
          onChange={(e) => onFilters({ ...filters, q: e.target.value || undefined })}
          className={inputClass}
        />
      </div>
      <div className="w-full max-w-xs">
        <label className="sr-only" htmlFor={`${id}-labels`}>
          Label selector
        </label>
        <input
          id={`${id}-labels`}
          type="search"
          placeholder="Label selector, e.g. app=web,tier!=db"
          spellCheck={false}
          autoComplete="off"
          value={selectorText}
          aria-invalid={selector.ok ? undefined : true}
          aria-describedby={selector.ok ? undefined : `${id}-labels-error`}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || !selector.ok) return;
            onFilters({ ...filters, labelSelector: selectorText.trim() || undefined });
            setTyped(undefined);
          }}
          className={`${inputClass} font-mono`}
        />
        {selector.ok ? null : (
          <p id={`${id}-labels-error`} className="mt-1 text-xs text-rose-700 dark:text-rose-300">
            {selector.error}
          </p>
        )}
      </div>
      <span className="self-center text-xs text-slate-600 tabular-nums dark:text-slate-400">{counts}</span>
      {actions ? <div className="ml-auto flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

/**
 * The API server's warnings, each a dismissible notice worded as kubectl prints it
 * (`Warning: <text>`), with the request that got it. Polite live region: a warning never
 * interrupts, and it sits in the page flow so it never covers a form's buttons.
 */
import { useSyncExternalStore } from 'react';
import type { ApiWarningStore } from '../lib/api-warnings.ts';

export function WarningNotices({ store }: { store: ApiWarningStore }) {
  const warnings = useSyncExternalStore(store.subscribe, store.snapshot);
  return (
    <div aria-live="polite" className={warnings.length > 0 ? 'mb-4 space-y-2' : ''}>
      {warnings.map((warning) => (
        <div
          key={warning.text}
          role="note"
          aria-label="API warning"
          className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100"
        >
          <div className="min-w-0 flex-1">
            <p className="break-words">
              <span className="font-semibold">Warning:</span> {warning.text}
            </p>
            <p className="mt-0.5 truncate font-mono text-xs text-amber-800 dark:text-amber-300" title={warning.source}>
              {warning.source}
              {warning.count > 1 ? ` · ${warning.count} responses` : ''}
            </p>
          </div>
          <button
            type="button"
            onClick={() => store.dismiss(warning.text)}
            aria-label={`Dismiss warning: ${warning.text}`}
            className="rounded p-0.5 text-amber-800 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-amber-200 dark:hover:bg-amber-900"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
              <path d="M5.3 4.3 10 9l4.7-4.7 1 1L11 10l4.7 4.7-1 1L10 11l-4.7 4.7-1-1L9 10 4.3 5.3z" />
            </svg>
          </button>
        </div>
      ))}
    </div>
  );
}

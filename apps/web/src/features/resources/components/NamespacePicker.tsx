/** The header's namespace choice (lib/namespace-choice.ts), which every list respects. */
import { useId } from 'react';
import { chooseNamespace, useNamespaceChoice } from '../../../lib/namespace-choice.ts';
import { useResourceList } from '../api/resource-list.ts';

const namespacesGvr = { group: '', version: 'v1', resource: 'namespaces' };

export function NamespacePicker() {
  const id = useId();
  const choice = useNamespaceChoice();
  const namespaces = useResourceList(namespacesGvr);
  const names = [...new Set([...(namespaces.data?.items ?? []).map((n) => n.metadata.name ?? ''), choice ?? ''])].filter(Boolean).sort();
  return (
    <div className="flex items-center gap-1.5">
      <label htmlFor={id} className="sr-only">
        Namespace
      </label>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="hidden size-4 text-slate-500 sm:block dark:text-slate-400" fill="currentColor">
        <path d="M2 4h7l2 2h7v10H2z" />
      </svg>
      <select
        id={id}
        value={choice ?? ''}
        onChange={(e) => chooseNamespace(e.target.value || undefined)}
        // As wide as the chosen option (field-sizing), so "All namespaces" reads whole; a long name is cut at a bound.
        className="max-w-[10.5rem] rounded-md border border-slate-300 bg-white py-1 pr-1 pl-2 text-sm text-slate-800 [field-sizing:content] sm:max-w-[16rem] dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
      >
        <option value="">All namespaces</option>
        {names.map((name) => (
          // dir="auto" isolates each name as <bdi> does (an <option> holds text only).
          <option key={name} value={name} dir="auto">
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Every kind the cluster serves, grouped by API group, filterable by name, short name or group. */
import { useMemo, useState } from 'react';
import type { ServedResource } from '@dojo/console-protocol';
import { EmptyState, Loading } from '../../../components/EmptyState.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Link } from '../../../lib/router.tsx';
import { canList, useResourceTypes } from '../api/resource-types.ts';
import { inputClass } from './form/form-context.ts';

export function ResourceKindList({ listPath }: { listPath: (type: ServedResource) => string }) {
  const { data: types, error, isPending } = useResourceTypes();
  const [filter, setFilter] = useState('');
  const groups = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const matches = (types ?? [])
      .filter(canList)
      .filter(
        (t) =>
          !needle ||
          t.kind.toLowerCase().includes(needle) ||
          t.resource.includes(needle) ||
          t.group.includes(needle) ||
          (t.shortNames ?? []).some((s) => s === needle),
      );
    const byGroup = new Map<string, ServedResource[]>();
    for (const t of matches) byGroup.set(t.group, [...(byGroup.get(t.group) ?? []), t]);
    return [...byGroup.entries()]
      .sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b)))
      .map(([group, list]) => [group, list.sort((a, b) => a.kind.localeCompare(b.kind))] as const);
  }, [types, filter]);

  if (isPending) return <Loading label="Loading the kinds the cluster serves…" />;
  if (error) return <ErrorNotice error={error} title="Could not load the cluster's kinds" />;
  return (
    <div className="flex flex-col gap-5">
      <div className="max-w-sm">
        <label htmlFor="kind-filter" className="text-sm font-medium">
          Filter kinds
        </label>
        <input
          id="kind-filter"
          type="search"
          className={`${inputClass} mt-1`}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder="e.g. dojo, deploy, secret"
        />
      </div>
      {groups.length === 0 ? <EmptyState title="No kind matches the filter." /> : null}
      <div className="grid grid-cols-1 gap-5 md:grid-cols-2 xl:grid-cols-3">
        {groups.map(([group, list]) => (
          <section
            key={group || 'core'}
            aria-label={group || 'core'}
            className="min-w-0 rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
          >
            <h3 className="border-b border-slate-200 px-4 py-2 font-mono text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
              {group || 'core'}
            </h3>
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {list.map((t) => (
                <li key={`${t.group}/${t.resource}`}>
                  <Link
                    to={listPath(t)}
                    className="flex flex-wrap items-center justify-between gap-x-2 gap-y-0.5 px-4 py-2 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800/60"
                  >
                    {/* Long kinds (ValidatingAdmissionPolicyBinding) wrap onto a line of their own on a phone. */}
                    <span className="min-w-0 font-medium break-words text-slate-900 dark:text-slate-100">{t.kind}</span>
                    <span className="min-w-0 font-mono text-xs break-all text-slate-500">
                      {t.resource}
                      {t.shortNames?.length ? ` (${t.shortNames.join(', ')})` : ''} · {t.version}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}

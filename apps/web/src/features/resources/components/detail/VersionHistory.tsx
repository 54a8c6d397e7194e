/** Versions of the object seen by this tab, and a line diff between any two of them. */
import { useMemo, useState } from 'react';
import { EmptyState } from '../../../../components/EmptyState.tsx';
import { formatClock } from '../../../../lib/time-format.ts';
import type { ObjectVersion } from '../../api/object-versions.ts';
import { diffLines } from '../../model/line-diff.ts';
import { inputClass } from '../form/form-context.ts';
import { objectYaml } from './ObjectYaml.tsx';

/** `versions` come from `useObjectVersions`, called by the page so that it follows the object from the start. */
export function VersionHistory({ versions }: { versions: readonly ObjectVersion[] }) {
  const [fromRv, setFromRv] = useState<string>();
  const [toRv, setToRv] = useState<string>();
  const to = versions.find((v) => v.resourceVersion === toRv) ?? versions[versions.length - 1];
  const from = versions.find((v) => v.resourceVersion === fromRv) ?? versions[versions.length - 2] ?? to;
  const diff = useMemo(() => (from && to ? diffLines(objectYaml(from.object), objectYaml(to.object)) : []), [from, to]);
  const changed = diff.filter((l) => l.kind !== 'same').length;

  if (versions.length < 2) {
    return (
      <EmptyState title="Only one version seen so far.">
        Versions are collected from the live watch while this console is open; change the object (scale it, edit it) and its
        versions appear here.
      </EmptyState>
    );
  }
  const options = versions.map((v) => (
    <option key={v.resourceVersion} value={v.resourceVersion}>
      {`RV ${v.resourceVersion} · gen ${v.object.metadata.generation ?? '—'} · ${formatClock(v.seenAt)}`}
    </option>
  ));
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-4">
        <label className="flex flex-col gap-1 text-sm font-medium">
          From version
          <select className={inputClass} value={from?.resourceVersion} onChange={(e) => setFromRv(e.target.value)}>
            {options}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          To version
          <select className={inputClass} value={to?.resourceVersion} onChange={(e) => setToRv(e.target.value)}>
            {options}
          </select>
        </label>
        <p className="pb-2 text-sm text-slate-600 dark:text-slate-400">{changed} changed lines · {versions.length} versions seen</p>
      </div>
      <pre aria-label="Diff between the two versions" tabIndex={0} className="max-h-[65vh] overflow-auto rounded-md border border-slate-200 bg-white py-2 font-mono text-xs leading-relaxed dark:border-slate-700 dark:bg-slate-950">
        {diff.map((line, i) => (
          <div
            key={i}
            className={
              line.kind === 'added'
                ? 'bg-emerald-50 px-3 text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-200'
                : line.kind === 'removed'
                  ? 'bg-rose-50 px-3 text-rose-900 dark:bg-rose-950/60 dark:text-rose-200'
                  : 'px-3 text-slate-600 dark:text-slate-400'
            }
          >
            <span aria-hidden="true" className="inline-block w-4 select-none">
              {line.kind === 'added' ? '+' : line.kind === 'removed' ? '-' : ' '}
            </span>
            <span className="sr-only">{line.kind === 'added' ? 'added: ' : line.kind === 'removed' ? 'removed: ' : ''}</span>
            {line.text}
          </div>
        ))}
      </pre>
    </div>
  );
}

/**
 * The versions of one object the console recorded (on its backend, from the watch): when each
 * arrived, who wrote it, what it changed, the reconciles it triggered, and a line diff of any
 * version against the one before it. Pure status and metadata churn is collapsed by default.
 */
import { useMemo, useState, type ReactNode } from 'react';
import type { ObjectVersionRecord, ObjectVersionsPage, VersionChange } from '@dojo/console-protocol';
import { Badge, type Tone } from '../../../../components/ConditionChip.tsx';
import { DataTable } from '../../../../components/DataTable.tsx';
import { EmptyState, Loading } from '../../../../components/EmptyState.tsx';
import { ErrorNotice } from '../../../../components/ErrorNotice.tsx';
import { HistoryNote } from '../../../../components/HistoryNote.tsx';
import { formatClock } from '../../../../lib/time-format.ts';
import { diffLines } from '../../model/line-diff.ts';
import { diffPair, isChurn, shownVersions } from '../../model/version-list.ts';
import { objectYaml } from './ObjectYaml.tsx';
import { LineDiff } from './LineDiff.tsx';

const changeLabels: Record<VersionChange, { label: string; tone: Tone }> = {
  created: { label: 'created', tone: 'good' },
  spec: { label: 'spec changed', tone: 'busy' },
  status: { label: 'status only', tone: 'neutral' },
  metadata: { label: 'metadata only', tone: 'neutral' },
  deleted: { label: 'deleted', tone: 'bad' },
};
const versions = { plural: 'versions' };

export interface VersionHistoryProps {
  page: ObjectVersionsPage | undefined;
  isPending: boolean;
  error: unknown;
  /** The version to diff (its resourceVersion); the newest shown when absent. */
  rv: string | undefined;
  onSelect: (rv: string) => void;
  /** Links to the reconciles a version triggered (built by the page, which sees the telemetry). */
  triggered?: (version: ObjectVersionRecord) => ReactNode;
}

export function VersionHistory({ page, isPending, error, rv, onSelect, triggered }: VersionHistoryProps) {
  const [showChurn, setShowChurn] = useState(false);
  const all = page?.versions ?? [];
  const selectedIsChurn = all.find((v) => v.resourceVersion === rv);
  const shown = shownVersions(all, showChurn || (selectedIsChurn ? isChurn(selectedIsChurn) : false));
  const { from, to } = diffPair(all, shown, rv);
  const diff = useMemo(() => (to ? diffLines(from ? objectYaml(from.body) : '', objectYaml(to.body)) : []), [from, to]);
  const hidden = all.filter(isChurn).length;

  if (isPending) return <Loading label="Loading versions…" />;
  if (error) return <ErrorNotice error={error} title="Could not load the recorded versions" />;
  if (all.length === 0 && page?.recorded === false) {
    return (
      <EmptyState title="Versions of this kind are not recorded on this cluster.">
        On a real cluster the console records the versions of the kinds its controllers watch, which its identity may read; the YAML tab shows the current
        version.
      </EmptyState>
    );
  }
  if (all.length === 0) {
    return (
      <EmptyState title="No versions recorded for this object.">
        <HistoryNote stream="versions" thing={versions} />
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-4">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={showChurn} onChange={(e) => setShowChurn(e.target.checked)} />
          Show status and metadata churn ({hidden} version{hidden === 1 ? '' : 's'})
        </label>
        <HistoryNote stream="versions" thing={versions} />
      </div>
      <DataTable<ObjectVersionRecord>
        caption="Recorded versions"
        rows={shown}
        rowKey={(v) => String(v.seq)}
        columns={[
          { id: 'time', header: 'Received', cell: (v) => <span className="font-mono text-xs">{formatClock(v.time)}</span> },
          { id: 'rv', header: 'RV', cell: (v) => <span className="font-mono text-xs">{v.resourceVersion}</span> },
          { id: 'gen', header: 'Gen.', align: 'right', cell: (v) => v.generation ?? '—' },
          { id: 'change', header: 'Change', cell: (v) => <Badge tone={changeLabels[v.change].tone}>{changeLabels[v.change].label}</Badge> },
          { id: 'writer', header: 'Written by', cell: (v) => <bdi className="font-mono text-xs">{v.writer ?? '—'}</bdi> },
          { id: 'triggered', header: 'Triggered', cell: (v) => triggered?.(v) ?? '—' },
          {
            id: 'diff',
            header: <span className="sr-only">Diff</span>,
            cell: (v) => (
              <button
                type="button"
                aria-pressed={v === to}
                aria-label={`Diff version ${v.resourceVersion}`}
                onClick={() => onSelect(v.resourceVersion)}
                className="rounded px-2 py-0.5 text-xs text-indigo-700 underline hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300 dark:hover:bg-slate-800"
              >
                {v === to ? 'Diffed' : 'Diff'}
              </button>
            ),
          },
        ]}
      />
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {to ? `RV ${to.resourceVersion}` : ''} against {from ? `the version before it (RV ${from.resourceVersion})` : 'nothing (its first recorded version)'} ·{' '}
        {diff.filter((l) => l.kind !== 'same').length} changed lines
      </p>
      <LineDiff label="Diff between the two versions" lines={diff} />
    </div>
  );
}

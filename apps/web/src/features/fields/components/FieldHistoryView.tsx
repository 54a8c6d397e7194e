/**
 * The Fields tab: every field of the object over its recorded versions, by writer — as
 * timelines (filterable, contested fields marked) or as a blame of the YAML — and the 409s on
 * it traced to the stale reads behind them. Says so when versions were evicted or are not
 * recorded, instead of showing an empty state.
 */
import { useState } from 'react';
import type { ObjectIdentity } from '@dojo/kube-api';
import { Button } from '../../../components/Button.tsx';
import { EmptyState, Loading } from '../../../components/EmptyState.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { HistoryNote } from '../../../components/HistoryNote.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { useFieldHistory } from '../api/field-history.ts';
import { filterFields } from '../model/field-text.ts';
import { BlameView } from './BlameView.tsx';
import { ConflictTraces } from './ConflictTraces.tsx';
import type { FieldLinks } from './field-links.ts';
import { FieldTimelines } from './FieldTimelines.tsx';

const versions = { plural: 'versions' };

export function FieldHistoryView({ identity, resourceVersion, links }: { identity: ObjectIdentity; resourceVersion: string | undefined; links: FieldLinks }) {
  const { data, error, isPending } = useFieldHistory(identity, resourceVersion);
  const [view, setView] = useState<'timelines' | 'blame'>('timelines');
  const [filter, setFilter] = useState('');
  const [contestedOnly, setContestedOnly] = useState(false);
  const now = useNow(5_000);
  if (isPending) return <Loading label="Reading the recorded versions…" />;
  if (error && !data) return <ErrorNotice error={error} title="Could not build the field history" />;
  if (!data || data.versions === 0) {
    return (
      <EmptyState title={data?.recorded === false ? 'Versions of this kind are not recorded on this cluster.' : 'No versions recorded for this object.'}>
        <HistoryNote stream="versions" thing={versions} />
      </EmptyState>
    );
  }
  const shown = filterFields(data.fields, filter, contestedOnly);
  const contested = data.fields.filter((f) => f.contested).length;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <div role="group" aria-label="Field history view" className="flex gap-1">
          <Button variant={view === 'timelines' ? 'primary' : 'secondary'} aria-pressed={view === 'timelines'} onClick={() => setView('timelines')}>
            By field
          </Button>
          <Button variant={view === 'blame' ? 'primary' : 'secondary'} aria-pressed={view === 'blame'} onClick={() => setView('blame')}>
            Blame
          </Button>
        </div>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Built from {data.versions} recorded {data.versions === 1 ? 'version' : 'versions'}; {contested} {contested === 1 ? 'field' : 'fields'} written by more
          than one manager.
        </p>
        <HistoryNote stream="versions" thing={versions} />
      </div>
      {data.conflicts.length > 0 ? (
        <Panel
          title={`409 Conflicts on this object (${data.conflicts.length})`}
          description="Each traced to the version its writer had read, and the write it had not seen."
        >
          <ConflictTraces conflicts={data.conflicts} links={links} />
        </Panel>
      ) : null}
      {view === 'blame' ? (
        <BlameView lines={data.blame} now={now} />
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-4">
            <label className="flex items-center gap-2 text-sm">
              Filter fields
              <input
                type="search"
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
                placeholder="e.g. spec.replicas"
                className="rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-800"
              />
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={contestedOnly} onChange={(e) => setContestedOnly(e.target.checked)} />
              Only fields written by more than one manager
            </label>
          </div>
          {shown.length > 0 ? <FieldTimelines fields={shown} links={links} now={now} /> : <EmptyState title="No field matches." />}
        </>
      )}
    </div>
  );
}

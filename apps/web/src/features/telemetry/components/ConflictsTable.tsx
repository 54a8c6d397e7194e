/**
 * Every 409 the console has seen: which object, the stale resourceVersion the writer sent, the
 * current one, who wrote the current version (its field manager), which fields differed when
 * the server could tell, and how the retry ended. A server-side apply's field-manager conflict
 * has no stale version and no winner: its row names the fields and the managers that own them.
 * Selecting a row shows the reconcile.
 */
import { useMemo, useState } from 'react';
import type { ConflictRecord } from '@dojo/console-protocol';
import { Badge } from '../../../components/ConditionChip.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { HistoryNote } from '../../../components/HistoryNote.tsx';
import { VirtualTable } from '../../../components/VirtualTable.tsx';
import { formatClock } from '../../../lib/time-format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useStoreVersion, useTelemetryBackfill, useTelemetryStore } from '../api/telemetry.ts';
import { conflictOutcome, describeOutcome, type ConflictRow } from '../model/conflict-outcomes.ts';
import type { ObjectPageLink } from '../model/timeline-view.ts';
import { SpanDetails } from './SpanDetails.tsx';

const conflicts = { types: ['conflict'], plural: 'conflicts' };

/** The client that wrote the winning version (from the request journal) and its field manager; said when only managedFields tell. */
const writerOf = (c: { currentClient?: string; currentManager?: string; currentWriterFrom?: 'managedFields' }) =>
  (c.currentClient && c.currentClient !== c.currentManager ? `${c.currentClient}${c.currentManager ? ` (${c.currentManager})` : ''}` : (c.currentManager ?? 'unknown')) +
  (c.currentWriterFrom === 'managedFields' ? ' · inferred from managedFields' : '');

/** For a field-manager conflict, who owns the fields the apply would have taken; for a race, who wrote the version that won. */
const ownersOrWriter = (c: ConflictRecord) =>
  c.cause?.kind === 'fieldManager' ? (c.cause.fields.length ? `owned by ${[...new Set(c.cause.fields.map((f) => f.manager))].join(', ')}` : 'other managers') : writerOf(c);
const fieldsOf = (c: ConflictRecord) => (c.cause?.kind === 'fieldManager' ? c.cause.fields.map((f) => f.field) : c.fields);

const outcomeTone = { resolved: 'good', failed: 'bad', retrying: 'unknown', stopped: 'bad', pending: 'unknown', unknown: 'neutral' } as const;

/** `writerGone`: whether a writer (another client) has stopped, so its unfinished retries are not "still retrying". */
export function ConflictsTable({ objectLink, writerGone }: { objectLink?: ObjectPageLink; writerGone?: (controller: string) => boolean }) {
  const store = useTelemetryStore();
  useTelemetryBackfill({ types: 'conflict', limit: 2000 });
  const version = useStoreVersion(store, 500);
  const now = useNow(1000);
  const [selected, setSelected] = useState<number>();
  const rows = useMemo((): ConflictRow[] => {
    if (version < 0) return [];
    return [...store.conflicts].reverse().map((conflict) => {
      const span = conflict.reconcileId ? store.span(conflict.reconcileId) : undefined;
      return { conflict, controller: span?.controller ?? conflict.controller, span, outcome: conflictOutcome(conflict, span, span?.object ? store.spansOf(span.object) : [], writerGone) };
    });
  }, [store, version, writerGone]);
  const selectedRow = rows.find((r) => r.conflict.seq === selected);

  if (rows.length === 0) {
    return (
      <EmptyState title="No conflicts recorded.">
        A 409 Conflict happens when a write carries a resourceVersion that is no longer current. Inject one from the Debug view to see it here.
        <HistoryNote stream="telemetry" thing={conflicts} />
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <HistoryNote stream="telemetry" thing={conflicts} />
      <VirtualTable<ConflictRow>
        label="Conflicts"
        rows={rows}
        rowKey={(r) => String(r.conflict.seq)}
        maxHeight={420}
        columns={[
          { id: 'time', header: 'Time', width: '7rem', cell: (r) => <span className="font-mono text-xs">{formatClock(r.conflict.time)}</span> },
          {
            id: 'object',
            header: 'Object',
            width: 'minmax(10rem, 2fr)',
            cell: (r) => (
              <button
                type="button"
                aria-pressed={r.conflict.seq === selected}
                onClick={() => setSelected(r.conflict.seq)}
                className="max-w-full truncate text-left font-mono text-xs text-indigo-700 hover:underline dark:text-indigo-300"
              >
                {r.conflict.resource} {r.conflict.key}
              </button>
            ),
          },
          { id: 'controller', header: 'Controller', width: '7rem', cell: (r) => r.controller ?? '—' },
          { id: 'stale', header: 'Sent RV', width: '5rem', cell: (r) => <span className="font-mono text-xs">{r.conflict.cause?.kind === 'fieldManager' ? 'apply' : (r.conflict.staleRV ?? '—')}</span> },
          { id: 'current', header: 'Current RV', width: '6.5rem', cell: (r) => <span className="font-mono text-xs">{r.conflict.currentRV ?? '—'}</span> },
          { id: 'writer', header: 'Written by', width: '8rem', cell: (r) => ownersOrWriter(r.conflict) },
          { id: 'fields', header: 'Fields', width: 'minmax(5rem, 1fr)', cell: (r) => fieldsOf(r.conflict)?.join(', ') || '—' },
          {
            id: 'outcome',
            header: 'Retry',
            width: 'minmax(14rem, 2fr)',
            cell: (r) => (
              <span className="flex items-center gap-1.5">
                <Badge tone={outcomeTone[r.outcome.kind]}>{describeOutcome(r.outcome)}</Badge>
                {r.conflict.injected ? <Badge>injected</Badge> : null}
                {r.conflict.cause?.kind === 'fieldManager' ? <Badge>field managers</Badge> : null}
              </span>
            ),
          },
        ]}
      />
      <section aria-label="Conflicting reconcile" className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        {selectedRow?.span ? (
          <SpanDetails span={selectedRow.span} now={Math.max(now, store.lastTime)} objectLink={objectLink} />
        ) : selectedRow ? (
          <p className="text-sm text-slate-500">The reconcile that hit this conflict is no longer in the console's window.</p>
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">Select a conflict to see the reconcile that hit it.</p>
        )}
      </section>
    </div>
  );
}

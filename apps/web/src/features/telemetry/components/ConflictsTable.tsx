/**
 * Every 409 the console has seen: which object, the stale resourceVersion the writer sent, the
 * current one, who wrote the current version (its field manager), which fields differed when
 * the server could tell, and how the retry ended. A server-side apply's field-manager conflict
 * has no stale version and no winner: its row names the fields and the managers that own them.
 * Selecting a row shows the reconcile.
 */
import { useMemo, type ReactNode } from 'react';
import type { ConflictRecord } from '@dojo/console-protocol';
import { Badge } from '../../../components/ConditionChip.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { HistoryNote } from '../../../components/HistoryNote.tsx';
import { VirtualTable } from '../../../components/VirtualTable.tsx';
import { formatClock } from '../../../lib/time-format.ts';
import { useFillHeight } from '../../../lib/use-fill-height.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useStoreVersion, useTelemetryBackfill, useTelemetryStore } from '../api/telemetry.ts';
import { conflictOutcome, describeOutcome, type ConflictRow } from '../model/conflict-outcomes.ts';
import type { ObjectPageLink } from '../model/timeline-view.ts';
import { SpanDetails } from './SpanDetails.tsx';

const conflicts = { types: ['conflict'], plural: 'conflicts' };

/** The client that wrote the winning version (from the request journal) and its field manager; said when only managedFields tell. */
const writerOf = (c: { currentClient?: string; currentManager?: string; currentWriterFrom?: 'managedFields' }) =>
  (c.currentClient && c.currentClient !== c.currentManager
    ? `${c.currentClient}${c.currentManager ? ` (${c.currentManager})` : ''}`
    : (c.currentManager ?? 'unknown')) + (c.currentWriterFrom === 'managedFields' ? ' · inferred from managedFields' : '');

/** For a field-manager conflict, who owns the fields the apply would have taken; for a race, who wrote the version that won. */
const ownersOrWriter = (c: ConflictRecord) =>
  c.cause?.kind === 'fieldManager'
    ? c.cause.fields.length
      ? `owned by ${[...new Set(c.cause.fields.map((f) => f.manager))].join(', ')}`
      : 'other managers'
    : writerOf(c);
const fieldsOf = (c: ConflictRecord) => (c.cause?.kind === 'fieldManager' ? c.cause.fields.map((f) => f.field) : c.fields);

/** Up to two lines of a value that would not fit one (a long writer, a controller's name, an RV); the cell's title has it whole. */
const TwoLines = ({ mono, children }: { mono?: boolean; children: ReactNode }) => (
  <span className={`line-clamp-2 break-words whitespace-normal ${mono ? 'font-mono text-xs' : ''}`}>{children}</span>
);

const outcomeTone = { resolved: 'good', failed: 'bad', retrying: 'unknown', stopped: 'bad', pending: 'unknown', unknown: 'neutral' } as const;

/**
 * `selected` is the conflict shown below the list (by its sequence number); the page keeps it in
 * the URL and hears of a new choice through `onSelect`. `writerGone`: whether a writer (another
 * client) has stopped, so its unfinished retries are not "still retrying".
 */
export function ConflictsTable({
  objectLink,
  selected,
  onSelect,
  writerGone,
}: {
  objectLink?: ObjectPageLink;
  selected?: number | undefined;
  onSelect: (seq: number) => void;
  writerGone?: (controller: string) => boolean;
}) {
  const store = useTelemetryStore();
  useTelemetryBackfill({ types: 'conflict', limit: 2000 });
  const version = useStoreVersion(store, 500);
  const now = useNow(1000);
  // The list uses the page; with a conflict selected it leaves room below for its reconcile.
  const [listRef, listHeight] = useFillHeight({ min: 240, share: selected === undefined ? 1 : 0.55, reserve: 56 });
  const rows = useMemo((): ConflictRow[] => {
    if (version < 0) return [];
    return [...store.conflicts].reverse().map((conflict) => {
      const span = conflict.reconcileId ? store.span(conflict.reconcileId) : undefined;
      return {
        conflict,
        controller: span?.controller ?? conflict.controller,
        span,
        outcome: conflictOutcome(conflict, span, span?.object ? store.spansOf(span.object) : [], writerGone),
      };
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
      <div ref={listRef}>
        <VirtualTable<ConflictRow>
          label="Conflicts"
          rows={rows}
          rowKey={(r) => String(r.conflict.seq)}
          rowHeight={52}
          maxHeight={listHeight}
          columns={[
            { id: 'time', header: 'Time', width: '7rem', cell: (r) => <span className="font-mono text-xs">{formatClock(r.conflict.time)}</span> },
            {
              id: 'object',
              header: 'Object',
              width: 'minmax(9rem, 2fr)',
              title: (r) => `${r.conflict.resource} ${r.conflict.key}`,
              cell: (r) => (
                <button
                  type="button"
                  aria-pressed={r.conflict.seq === selected}
                  onClick={() => onSelect(r.conflict.seq)}
                  className="line-clamp-2 max-w-full text-left font-mono text-xs break-words whitespace-normal text-indigo-700 hover:underline dark:text-indigo-300"
                >
                  {r.conflict.resource} {r.conflict.key}
                </button>
              ),
            },
            {
              id: 'controller',
              header: 'Controller',
              width: 'minmax(6rem, 1fr)',
              title: (r) => r.controller,
              cell: (r) => <TwoLines>{r.controller ?? '—'}</TwoLines>,
            },
            {
              id: 'stale',
              header: 'Sent RV',
              width: '5rem',
              title: (r) => r.conflict.staleRV,
              cell: (r) => <TwoLines mono>{r.conflict.cause?.kind === 'fieldManager' ? 'apply' : (r.conflict.staleRV ?? '—')}</TwoLines>,
            },
            {
              id: 'current',
              header: 'Current RV',
              width: '7.5rem',
              title: (r) => r.conflict.currentRV,
              cell: (r) => <TwoLines mono>{r.conflict.currentRV ?? '—'}</TwoLines>,
            },
            {
              id: 'writer',
              header: 'Written by',
              width: 'minmax(7rem, 1.5fr)',
              title: (r) => ownersOrWriter(r.conflict),
              cell: (r) => <TwoLines>{ownersOrWriter(r.conflict)}</TwoLines>,
            },
            {
              id: 'fields',
              header: 'Fields',
              width: 'minmax(4rem, 0.8fr)',
              title: (r) => fieldsOf(r.conflict)?.join(', '),
              cell: (r) => <TwoLines>{fieldsOf(r.conflict)?.join(', ') || '—'}</TwoLines>,
            },
            {
              id: 'outcome',
              header: 'Retry',
              width: 'minmax(15rem, 1.5fr)',
              title: (r) =>
                [describeOutcome(r.outcome), r.conflict.injected ? 'injected' : '', r.conflict.cause?.kind === 'fieldManager' ? 'field managers' : '']
                  .filter(Boolean)
                  .join(' · '),
              cell: (r) => (
                // Badges wrap onto a second line rather than being clipped by a narrow track.
                <span className="flex flex-wrap items-center gap-1">
                  <Badge tone={outcomeTone[r.outcome.kind]}>{describeOutcome(r.outcome)}</Badge>
                  {r.conflict.injected ? <Badge>injected</Badge> : null}
                  {r.conflict.cause?.kind === 'fieldManager' ? <Badge>field managers</Badge> : null}
                </span>
              ),
            },
          ]}
        />
      </div>
      <section aria-label="Conflicting reconcile" className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        {selectedRow?.span ? (
          <SpanDetails span={selectedRow.span} now={Math.max(now, store.lastTime)} objectLink={objectLink} />
        ) : selectedRow ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">The reconcile that hit this conflict is no longer in the console's window.</p>
        ) : selected !== undefined ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">Conflict #{selected} is no longer in the console's window.</p>
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">Select a conflict to see the reconcile that hit it.</p>
        )}
      </section>
    </div>
  );
}

/**
 * The newest reconciles matching the timeline's filter, as a table: the accessible way through
 * the timeline (screen readers cannot read a canvas) and a quick list to pick one from. A click
 * anywhere on a row opens that reconcile (the keyboard: its button, named by the object's key);
 * the link beside the key is a different thing, the object's own page.
 */
import { Badge } from '../../../components/ConditionChip.tsx';
import { Link } from '../../../lib/router.tsx';
import { VirtualTable } from '../../../components/VirtualTable.tsx';
import { formatClock, formatDuration } from '../../../lib/time-format.ts';
import { summarizeTriggers } from '../../../lib/trigger-text.ts';
import { outcomeOf } from '../model/lane-filter.ts';
import type { ObjectPageLink } from '../model/timeline-view.ts';
import { spanEnd, spanSource, type Span } from '../model/span.ts';
import { outcomeLabels } from './timeline/palette.ts';
import { outcomeTone } from './SpanDetails.tsx';

export function SpanList({
  spans,
  now,
  selectedId,
  onSelect,
  objectLink,
  label = 'Latest reconciles',
  empty = 'No reconciles match.',
}: {
  spans: readonly Span[];
  now: number;
  selectedId: string | undefined;
  onSelect: (span: Span) => void;
  objectLink?: ObjectPageLink | undefined;
  label?: string;
  empty?: string;
}) {
  return (
    <VirtualTable<Span>
      label={label}
      rows={spans}
      rowKey={(s) => s.id}
      maxHeight={360}
      rowHeight={36}
      activation={{ onActivate: onSelect, isSelected: (s) => s.id === selectedId }}
      empty={<p className="text-sm text-slate-600 dark:text-slate-400">{empty}</p>}
      columns={[
        { id: 'time', header: 'Started', width: '7.5rem', cell: (s) => <span className="font-mono text-xs">{formatClock(s.start)}</span> },
        {
          id: 'key',
          header: 'Object',
          width: 'minmax(10rem, 2fr)',
          title: (s) => s.key,
          cell: (s) => {
            const page = s.object ? objectLink?.(s.object) : undefined;
            return (
              <span className="flex min-w-0 items-center gap-1.5">
                {/* Opens the reconcile, as a click on the row does: plain text, not a link's look. */}
                <button
                  type="button"
                  onClick={() => onSelect(s)}
                  aria-pressed={s.id === selectedId}
                  className="min-w-0 truncate rounded text-left font-mono text-xs text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-100"
                >
                  {s.key}
                </button>
                {page ? (
                  <Link
                    to={page}
                    aria-label={`Page of ${s.object!.kind} ${s.key}`}
                    title={`Open the page of ${s.object!.kind} ${s.key}`}
                    className="shrink-0 rounded px-1 text-xs text-indigo-700 underline hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300 dark:hover:text-indigo-100"
                  >
                    page
                  </Link>
                ) : null}
              </span>
            );
          },
        },
        { id: 'kind', header: 'Kind', width: '7rem', cell: (s) => s.object?.kind ?? '—' },
        { id: 'controller', header: 'Controller', width: 'minmax(6rem, 1fr)', cell: (s) => `${s.controller} #${s.worker}${spanSource(s)}` },
        { id: 'result', header: 'Result', width: '7.5rem', cell: (s) => <Badge tone={outcomeTone[outcomeOf(s)]}>{outcomeLabels[outcomeOf(s)]}</Badge> },
        { id: 'duration', header: 'Took', width: '5.5rem', align: 'right', cell: (s) => formatDuration(spanEnd(s, now) - s.start) },
        { id: 'triggers', header: 'Triggers', width: 'minmax(8rem, 1.5fr)', cell: (s) => summarizeTriggers(s.triggers, s.droppedTriggers) },
        { id: 'calls', header: 'API calls', width: '5rem', align: 'right', cell: (s) => s.apiCalls.length },
      ]}
    />
  );
}

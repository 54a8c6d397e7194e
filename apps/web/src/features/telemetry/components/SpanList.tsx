/**
 * The newest reconciles matching the timeline's filter, as a table: the accessible way through
 * the timeline (screen readers cannot read a canvas) and a quick list to pick one from.
 */
import { Badge } from '../../../components/ConditionChip.tsx';
import { VirtualTable } from '../../../components/VirtualTable.tsx';
import { formatClock, formatDuration } from '../../../lib/time-format.ts';
import { summarizeTriggers } from '../../../lib/trigger-text.ts';
import { outcomeOf } from '../model/lane-filter.ts';
import { spanEnd, spanSource, type Span } from '../model/span.ts';
import { outcomeLabels } from './timeline/palette.ts';
import { outcomeTone } from './SpanDetails.tsx';

export function SpanList({ spans, now, selectedId, onSelect, label = 'Latest reconciles', empty = 'No reconciles match.' }: { spans: readonly Span[]; now: number; selectedId: string | undefined; onSelect: (span: Span) => void; label?: string; empty?: string }) {
  return (
    <VirtualTable<Span>
      label={label}
      rows={spans}
      rowKey={(s) => s.id}
      maxHeight={360}
      rowHeight={36}
      empty={<p className="text-sm text-slate-600 dark:text-slate-400">{empty}</p>}
      columns={[
        { id: 'time', header: 'Started', width: '7.5rem', cell: (s) => <span className="font-mono text-xs">{formatClock(s.start)}</span> },
        {
          id: 'key',
          header: 'Object',
          width: 'minmax(10rem, 2fr)',
          cell: (s) => (
            <button
              type="button"
              onClick={() => onSelect(s)}
              aria-pressed={s.id === selectedId}
              className="max-w-full truncate font-mono text-xs text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
            >
              {s.key}
            </button>
          ),
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

/** The hover card over a span: object, worker, outcome, duration, what triggered it, what it called. */
import { formatDuration } from '../../../../lib/time-format.ts';
import { outcomeOf } from '../../model/lane-filter.ts';
import { hasInjectedFault, spanEnd, type Span } from '../../model/span.ts';
import { outcomeLabels } from './palette.ts';

export interface Hover {
  span: Span;
  x: number;
  y: number;
}

export function SpanTooltip({ hover, width, now }: { hover: Hover; width: number; now: number }) {
  const { span } = hover;
  const left = Math.min(hover.x + 14, width - 280);
  return (
    <div
      role="tooltip"
      style={{ left: Math.max(0, left), top: hover.y + 14 }}
      className="pointer-events-none absolute z-10 w-72 rounded-md border border-slate-200 bg-white p-2.5 text-xs shadow-lg dark:border-slate-700 dark:bg-slate-800"
    >
      <p className="truncate font-mono font-semibold">{span.key}</p>
      <p className="mt-0.5 text-slate-600 dark:text-slate-300">
        {span.controller} · worker #{span.worker} · {outcomeLabels[outcomeOf(span)]} · {formatDuration(spanEnd(span, now) - span.start)}
      </p>
      <p className="mt-0.5 text-slate-500 dark:text-slate-400">
        {span.triggers.length + span.droppedTriggers} trigger{span.triggers.length + span.droppedTriggers === 1 ? '' : 's'} · {span.apiCalls.length} API call
        {span.apiCalls.length === 1 ? '' : 's'}
        {span.conflicts.length ? ` · ${span.conflicts.length} conflict` : ''}
      </p>
      {hasInjectedFault(span) ? (
        <p className="mt-0.5 font-medium text-amber-700 dark:text-amber-300">An injected fault answered one of its API calls.</p>
      ) : null}
      {span.error ? <p className="mt-1 line-clamp-2 text-rose-700 dark:text-rose-300">{span.error}</p> : null}
    </div>
  );
}

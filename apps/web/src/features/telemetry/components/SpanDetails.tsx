/**
 * Everything about one reconcile: object, worker, outcome, duration, the triggers merged into
 * it (with resourceVersions), every API call it made (status code, RV sent and returned), the
 * conflicts it hit, the error, and the condition transitions it caused.
 */
import type { ApiCallRecord } from '@dojo/console-protocol';
import { Badge, type Tone } from '../../../components/ConditionChip.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { Link } from '../../../lib/router.tsx';
import { formatClock, formatDuration } from '../../../lib/time-format.ts';
import { outcomeOf, type SpanOutcome } from '../model/lane-filter.ts';
import { spanEnd, type Span } from '../model/span.ts';
import type { ObjectPageLink } from '../model/timeline-view.ts';
import { TriggerList } from './TriggerList.tsx';
import { InferredPassNote } from './InferredPassNote.tsx';
import { TracedSpanNote } from './TracedSpanNote.tsx';
import { outcomeLabels } from './timeline/palette.ts';

export const outcomeTone: Record<SpanOutcome, Tone> = {
  success: 'good',
  error: 'bad',
  conflict: 'bad',
  requeue: 'unknown',
  requeueAfter: 'busy',
  running: 'neutral',
};

function codeTone(code: number): Tone {
  if (code >= 500) return 'bad';
  if (code === 409 || code === 429) return 'unknown';
  if (code >= 400) return 'bad';
  return 'good';
}

export function SpanDetails({ span, now, objectLink }: { span: Span; now: number; objectLink?: ObjectPageLink | undefined }) {
  const outcome = outcomeOf(span);
  const link = span.object ? objectLink?.(span.object, { tab: 'reconciles', reconcile: span.id }) : undefined;
  const events = span.object ? objectLink?.(span.object, { tab: 'events' }) : undefined;
  return (
    <div className="flex flex-col gap-4 text-sm">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <span className="font-mono font-semibold">
          {span.object ? `${span.object.kind} ` : ''}
          {link ? (
            <Link to={link} className="text-indigo-700 hover:underline dark:text-indigo-300">
              {span.key}
            </Link>
          ) : (
            span.key
          )}
        </span>
        <Badge tone={outcomeTone[outcome]}>{outcomeLabels[outcome]}</Badge>
        <span className="text-slate-600 dark:text-slate-400">
          {span.controller} · worker #{span.worker} · started {formatClock(span.start)} · {span.end === undefined ? 'running for ' : ''}
          {formatDuration(spanEnd(span, now) - span.start)}
        </span>
        {span.requeueAfter !== undefined ? <span className="text-slate-600 dark:text-slate-400">requeue after {formatDuration(span.requeueAfter)}</span> : null}
        <span className="font-mono text-xs text-slate-600 dark:text-slate-400">id {span.id}</span>
        {events ? (
          <Link to={events} className="text-xs text-indigo-700 underline dark:text-indigo-300">
            Events of this object
          </Link>
        ) : null}
      </div>
      {span.inferred ? <InferredPassNote inferred={span.inferred} /> : null}
      {span.traced ? <TracedSpanNote traced={span.traced} /> : null}
      {span.error ? (
        <p className="rounded-md border border-rose-200 bg-rose-50 p-2 font-mono text-xs break-words whitespace-pre-wrap text-rose-900 dark:border-rose-900 dark:bg-rose-950/50 dark:text-rose-100">
          {span.terminal ? 'Terminal error (not retried): ' : ''}
          {span.error}
        </p>
      ) : null}
      <section aria-label="Triggers">
        <h4 className="font-medium">Triggers merged into this reconcile ({span.triggers.length + span.droppedTriggers})</h4>
        <TriggerList triggers={span.triggers} dropped={span.droppedTriggers} objectLink={objectLink} />
      </section>
      <section aria-label="API calls">
        <h4 className="mb-1 font-medium">API calls ({span.apiCalls.length})</h4>
        <DataTable<ApiCallRecord>
          caption="API calls made by this reconcile"
          rows={span.apiCalls}
          rowKey={(c) => String(c.seq)}
          empty="No API calls."
          columns={[
            { id: 'verb', header: 'Verb', cell: (c) => <span className="font-mono text-xs">{c.verb}</span> },
            {
              id: 'resource',
              header: 'Resource',
              cell: (c) => <span className="font-mono text-xs">{[c.resource, c.namespace, c.name].filter(Boolean).join(' ')}</span>,
            },
            { id: 'code', header: 'Code', cell: (c) => <Badge tone={codeTone(c.code)}>{c.injected ? `${c.code} (injected)` : c.code}</Badge> },
            {
              id: 'rv',
              header: 'RV sent → returned',
              cell: (c) => (
                <span className="font-mono text-xs">
                  {c.rvSent ?? '—'} → {c.rvReturned ?? '—'}
                </span>
              ),
            },
            { id: 'manager', header: 'Field manager', cell: (c) => c.fieldManager ?? '' },
            { id: 'duration', header: 'Took', align: 'right', cell: (c) => formatDuration(c.durationMs) },
          ]}
        />
      </section>
      {span.conflicts.length ? (
        <section aria-label="Conflicts">
          <h4 className="font-medium">Conflicts</h4>
          <ul className="mt-1 list-disc pl-5 text-xs">
            {span.conflicts.map((c) => (
              <li key={c.seq}>
                {c.resource} {c.key}: sent RV {c.staleRV ?? '?'}, current RV {c.currentRV ?? '?'}
                {c.currentManager ? ` written by ${c.currentManager}` : ''}
                {c.injected ? ' (injected)' : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-label="Condition changes">
        <h4 className="font-medium">Condition changes</h4>
        {span.conditionChanges.length ? (
          <ul className="mt-1 list-disc pl-5 text-xs">
            {span.conditionChanges.map((c) => (
              <li key={c.seq}>
                {c.condition}: {c.from ?? '(none)'} → {c.to}
                {c.reason ? ` (${c.reason})` : ''}
                {c.message ? `: ${c.message}` : ''}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-500">None.</p>
        )}
      </section>
    </div>
  );
}

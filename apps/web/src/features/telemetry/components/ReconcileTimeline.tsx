/**
 * The reconcile timeline with its controls: filter by controller, object and result, follow
 * live, pause, zoom; the canvas; a legend; the selected reconcile's details; and the latest
 * matching reconciles as a table.
 */
import { useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/Button.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { useStoreVersion, useTelemetryStore } from '../api/telemetry.ts';
import { matchesFilter, spanOutcomes, type SpanFilter, type SpanOutcome } from '../model/lane-filter.ts';
import type { Span } from '../model/span.ts';
import type { TelemetryStore } from '../model/telemetry-store.ts';
import { SpanDetails } from './SpanDetails.tsx';
import { SpanList } from './SpanList.tsx';
import { lightPalette, outcomeLabels } from './timeline/palette.ts';
import { TimelineCanvas, type TimelineCommands } from './timeline/TimelineCanvas.tsx';


function latestSpans(store: TelemetryStore, filter: SpanFilter, limit: number): Span[] {
  const found: Span[] = [];
  for (const lane of store.lanes) {
    if (filter.controller && lane.controller !== filter.controller) continue;
    let taken = 0;
    for (let i = lane.spans.length - 1; i >= 0 && taken < limit; i--) {
      const span = lane.spans[i]!;
      if (matchesFilter(span, filter)) {
        found.push(span);
        taken++;
      }
    }
  }
  return found.sort((a, b) => b.start - a.start).slice(0, limit);
}

export interface ReconcileTimelineProps {
  controller?: string | undefined;
  object?: string | undefined;
  /** The object filter is fixed (an object's own page). */
  lockObject?: boolean;
  objectLink?: (span: Span) => string | undefined;
  onFilterChange?: (filter: { controller?: string | undefined; object?: string | undefined }) => void;
  windowMs?: number;
}

export function ReconcileTimeline({ controller, object, lockObject = false, objectLink, onFilterChange, windowMs }: ReconcileTimelineProps) {
  const store = useTelemetryStore();
  const version = useStoreVersion(store, 300);
  const now = useNow(1000);
  const [outcomes, setOutcomes] = useState<ReadonlySet<SpanOutcome>>(new Set(spanOutcomes));
  const [follow, setFollow] = useState(true);
  const [paused, setPaused] = useState(false);
  const [selectedId, setSelectedId] = useState<string>();
  const commands = useRef<TimelineCommands>(null);

  const filter = useMemo((): SpanFilter => {
    const f: SpanFilter = {};
    if (controller) f.controller = controller;
    if (object) f.object = object;
    if (object && lockObject) f.exactObject = true;
    if (outcomes.size < spanOutcomes.length) f.outcomes = outcomes;
    return f;
  }, [controller, object, lockObject, outcomes]);
  // The store mutates in place: `version` is what says it changed.
  const latest = useMemo(() => (version >= 0 ? latestSpans(store, filter, 200) : []), [store, filter, version]);
  const controllers = useMemo(() => (version >= 0 ? [...new Set(store.lanes.map((l) => l.controller))].sort() : []), [store, version]);
  const selected = selectedId ? store.span(selectedId) : undefined;
  const serverNow = store.lastTime > 0 ? Math.max(now, store.lastTime) : now;

  const toggleOutcome = (outcome: SpanOutcome) => {
    const next = new Set(outcomes);
    if (next.has(outcome)) next.delete(outcome);
    else next.add(outcome);
    setOutcomes(next);
  };

  return (
    <div className="flex flex-col gap-3">
      <div role="toolbar" aria-label="Timeline controls" className="flex flex-wrap items-end gap-x-4 gap-y-2">
        {!lockObject ? (
          <>
            <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400">
              Controller
              <select
                value={controller ?? ''}
                onChange={(e) => onFilterChange?.({ controller: e.target.value || undefined, object })}
                className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
              >
                <option value="">All controllers</option>
                {[...new Set([...controllers, ...(controller ? [controller] : [])])].map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400">
              Filter by object
              <input
                type="search"
                value={object ?? ''}
                placeholder="namespace/name"
                onChange={(e) => onFilterChange?.({ controller, object: e.target.value || undefined })}
                className="w-56 rounded-md border border-slate-300 bg-white px-2 py-1.5 font-mono text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
              />
            </label>
          </>
        ) : null}
        <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <legend className="mb-1 text-xs font-medium text-slate-600 dark:text-slate-400">Results</legend>
          {spanOutcomes.map((outcome) => (
            <label key={outcome} className="flex items-center gap-1.5 text-sm">
              <input type="checkbox" checked={outcomes.has(outcome)} onChange={() => toggleOutcome(outcome)} />
              <span aria-hidden="true" className="inline-block size-2.5 rounded-sm" style={{ background: lightPalette.outcome[outcome] }} />
              {outcomeLabels[outcome]}
            </label>
          ))}
        </fieldset>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <Button aria-pressed={follow} onClick={() => setFollow(!follow)} variant={follow ? 'primary' : 'secondary'}>
            Follow live
          </Button>
          <Button aria-pressed={paused} onClick={() => setPaused(!paused)}>
            {paused ? 'Resume view' : 'Pause view'}
          </Button>
          <Button aria-label="Zoom in" onClick={() => commands.current?.zoom(0.5)}>
            +
          </Button>
          <Button aria-label="Zoom out" onClick={() => commands.current?.zoom(2)}>
            −
          </Button>
        </div>
      </div>
      <TimelineCanvas
        store={store}
        filter={filter}
        follow={follow}
        paused={paused}
        onFollowChange={setFollow}
        selectedId={selectedId}
        onSelect={(span) => setSelectedId(span?.id)}
        label={`Reconcile timeline${controller ? ` of ${controller}` : ''}${object ? ` for ${object}` : ''}`}
        commands={commands}
        {...(windowMs ? { windowMs } : {})}
      />
      <p role="status" className="text-xs text-slate-500 dark:text-slate-400">
        {store.spanCount.toLocaleString()} reconciles recorded in {store.lanes.length} lanes
        {store.gaps ? ` · the stream skipped ahead ${store.gaps} time${store.gaps === 1 ? '' : 's'} (the console fell behind)` : ''}
        {paused ? ' · view paused' : ''}
      </p>
      <section aria-label="Selected reconcile" className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        {selected ? (
          <SpanDetails span={selected} now={serverNow} objectLink={objectLink} />
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">Click a reconcile in the timeline or the list to see its triggers, API calls and condition changes.</p>
        )}
      </section>
      <SpanList spans={latest} now={serverNow} selectedId={selectedId} onSelect={(s) => setSelectedId(s.id)} />
    </div>
  );
}

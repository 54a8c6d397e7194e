/**
 * The reconcile timeline with its controls: filter by controller, object, trigger and result,
 * follow live, pause, zoom; the canvas; the selected reconcile's details; and the latest
 * matching reconciles as a table. What a person looks at — filters, selected reconcile, time
 * window — is a `TimelineView` the page may keep in its URL; filters never pause the view.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { identityKey, type ObjectIdentity } from '@dojo/kube-api';
import { Button } from '../../../components/Button.tsx';
import { HistoryNote } from '../../../components/HistoryNote.tsx';
import { evictedCount, useStreamCoverage } from '../../../lib/history-coverage.ts';
import { formatClock } from '../../../lib/time-format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useViewInstant } from '../../../lib/view-time.ts';
import { useStoreVersion, useTelemetryBackfill, useTelemetryStore } from '../api/telemetry.ts';
import { LaneFilter, matchesFilter, spanOutcomes, triggerLabel, type SpanFilter, type SpanOutcome } from '../model/lane-filter.ts';
import { shownCountText } from '../model/shown-count.ts';
import type { Span } from '../model/span.ts';
import type { TelemetryStore } from '../model/telemetry-store.ts';
import { windowOf, type ObjectPageLink, type TimelineView } from '../model/timeline-view.ts';
import { SpanDetails } from './SpanDetails.tsx';
import { SpanList } from './SpanList.tsx';
import { lightPalette, outcomeLabels } from './timeline/palette.ts';
import { TimelineCanvas, type TimelineCommands } from './timeline/TimelineCanvas.tsx';

const reconciles = { types: ['reconcile-start'], plural: 'reconciles' };
const fieldClass = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100';
const labelClass = 'flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400';

function latestSpans(store: TelemetryStore, filter: SpanFilter, limit: number, window: { start: number; end: number } | undefined): Span[] {
  const found: Span[] = [];
  for (const lane of store.lanes) {
    if (filter.controller && lane.controller !== filter.controller) continue;
    let taken = 0;
    for (let i = lane.spans.length - 1; i >= 0 && taken < limit; i--) {
      const span = lane.spans[i]!;
      if (window && span.start > window.end) continue;
      if (window && span.start < window.start) break;
      if (matchesFilter(span, filter)) {
        found.push(span);
        taken++;
      }
    }
  }
  return found.sort((a, b) => b.start - a.start).slice(0, limit);
}

/** The trigger kinds and reasons seen in the newest spans: the choices of the trigger filter. */
function triggerChoices(spans: readonly Span[], current: string | undefined): string[] {
  const seen = new Set<string>(current ? [current] : []);
  for (const span of spans) for (const t of span.triggers) seen.add(triggerLabel(t));
  return [...seen].sort();
}

export interface ReconcileTimelineProps {
  controller?: string | undefined;
  /** Shows the controller picker and says when it changes. */
  onControllerChange?: (controller: string | undefined) => void;
  /** Only this object's reconciles (its own page): by identity, never by namespace/name alone. */
  identity?: ObjectIdentity;
  /** Filters, selection and window; kept by the component when the page does not keep them. */
  view?: TimelineView;
  onViewChange?: (view: TimelineView) => void;
  objectLink?: ObjectPageLink;
  windowMs?: number;
}

export function ReconcileTimeline({ controller, onControllerChange, identity, view: givenView, onViewChange, objectLink, windowMs }: ReconcileTimelineProps) {
  const store = useTelemetryStore();
  const version = useStoreVersion(store, 300);
  const now = useNow(1000);
  // In a recording, "live" is the instant the time slider chose.
  const instant = useViewInstant();
  const coverage = useStreamCoverage('telemetry');
  const [ownView, setOwnView] = useState<TimelineView>({});
  const view = givenView ?? ownView;
  const setView = (next: TimelineView) => (onViewChange ? onViewChange(next) : setOwnView(next));
  const viewRef = useRef(view);
  viewRef.current = view;
  const [outcomes, setOutcomes] = useState<ReadonlySet<SpanOutcome>>(new Set(spanOutcomes));
  const shownWindow = windowOf(view);
  const [follow, setFollow] = useState(shownWindow === undefined);
  const [paused, setPaused] = useState(false);
  const commands = useRef<TimelineCommands>(null);
  const windowTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(windowTimer.current), []);

  const filter = useMemo((): SpanFilter => {
    const f: SpanFilter = {};
    if (controller) f.controller = controller;
    if (identity) f.identity = identity;
    if (view.object) f.object = view.object;
    if (view.trigger) f.trigger = view.trigger;
    if (outcomes.size < spanOutcomes.length) f.outcomes = outcomes;
    if (instant !== undefined) f.until = instant;
    return f;
  }, [controller, identity, view.object, view.trigger, outcomes, instant]);

  // A shared link may name a reconcile or a window older than what this tab loaded: fetch them.
  const selected = view.reconcile ? store.span(view.reconcile) : undefined;
  const objectScope = identity ? { object: identityKey(identity), ...(identity.uid ? { uid: identity.uid } : {}) } : {};
  useTelemetryBackfill(view.reconcile && !selected ? { reconcile: view.reconcile, limit: 1000 } : undefined);
  useTelemetryBackfill(
    shownWindow && shownWindow.start < store.firstTime ? { from: shownWindow.start, to: shownWindow.end, limit: 20_000, ...objectScope } : undefined,
  );

  // The store mutates in place: `version` is what says it changed. A paused view keeps the rows
  // it had when paused (their contents still update), so a row does not move under the pointer
  // while the person works down the list; a new filter or window takes a new snapshot.
  const pausedRows = useRef<{ filter: SpanFilter; window: string; ids: readonly string[] }>(undefined);
  const latest = useMemo(() => {
    if (version < 0) return [];
    const windowKey = follow || !shownWindow ? '' : `${shownWindow.start}-${shownWindow.end}`;
    const held = pausedRows.current;
    if (paused && held && held.filter === filter && held.window === windowKey) {
      return held.ids.map((id) => store.span(id)).filter((s): s is Span => s !== undefined);
    }
    const rows = latestSpans(store, filter, 200, follow ? undefined : shownWindow);
    pausedRows.current = paused ? { filter, window: windowKey, ids: rows.map((s) => s.id) } : undefined;
    return rows;
  }, [store, filter, version, follow, paused, shownWindow?.start, shownWindow?.end]);
  const shownLanes = useRef(new LaneFilter());
  const countText = useMemo(() => (version >= 0 ? shownCountText(store.lanes, shownLanes.current.apply(store.lanes, filter)) : ''), [store, filter, version]);
  const controllers = useMemo(() => (version >= 0 ? [...new Set(store.lanes.map((l) => l.controller))].sort() : []), [store, version]);
  const triggers = useMemo(
    () => triggerChoices(latestSpans(store, controller ? { controller } : {}, 300, undefined), view.trigger),
    [store, controller, view.trigger, version],
  );
  const serverNow = store.lastTime > 0 ? Math.max(now, store.lastTime) : now;
  const evicted = coverage ? evictedCount(coverage, reconciles) : 0;
  const emptyText =
    evicted > 0
      ? `No reconciles here since ${formatClock(coverage!.completeSince).slice(0, 8)}; ${evicted.toLocaleString('en-US')} older ones were evicted.`
      : 'No reconciles recorded yet.';

  const toggleOutcome = (outcome: SpanOutcome) => {
    const next = new Set(outcomes);
    if (next.has(outcome)) next.delete(outcome);
    else next.add(outcome);
    setOutcomes(next);
  };
  const changeFollow = (on: boolean) => {
    setFollow(on);
    if (on && viewRef.current.from !== undefined) setView({ ...viewRef.current, from: undefined, to: undefined });
  };
  // Panning and zooming move the window many times a second; the URL follows once it settles.
  const onWindowChange = (w: { start: number; end: number }) => {
    clearTimeout(windowTimer.current);
    windowTimer.current = setTimeout(() => setView({ ...viewRef.current, from: Math.floor(w.start), to: Math.ceil(w.end) }), 400);
  };
  const select = (span: Span | undefined) => setView({ ...viewRef.current, reconcile: span?.id });

  return (
    <div className="flex flex-col gap-3">
      <div role="toolbar" aria-label="Timeline controls" className="flex flex-wrap items-end gap-x-4 gap-y-2">
        {onControllerChange ? (
          <label className={labelClass}>
            Controller
            <select value={controller ?? ''} onChange={(e) => onControllerChange(e.target.value || undefined)} className={fieldClass}>
              <option value="">All controllers</option>
              {[...new Set([...controllers, ...(controller ? [controller] : [])])].map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {!identity ? (
          <label className={labelClass}>
            Filter by object
            <input
              type="search"
              value={view.object ?? ''}
              placeholder="namespace/name or kind"
              onChange={(e) => setView({ ...view, object: e.target.value || undefined })}
              className={`w-56 font-mono ${fieldClass}`}
            />
          </label>
        ) : null}
        <label className={labelClass}>
          Trigger
          <select value={view.trigger ?? ''} onChange={(e) => setView({ ...view, trigger: e.target.value || undefined })} className={fieldClass}>
            <option value="">Any trigger</option>
            {triggers.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <legend className="mb-1 text-xs font-medium text-slate-600 dark:text-slate-400">Results</legend>
          {spanOutcomes.map((outcome) => (
            <label key={outcome} className="flex items-center gap-1.5 text-sm">
              <input type="checkbox" checked={outcomes.has(outcome)} onChange={() => toggleOutcome(outcome)} />
              <span aria-hidden="true" className="inline-block size-2.5 rounded-sm" style={{ background: lightPalette.outcome[outcome] }} />
              {outcomeLabels[outcome]}
            </label>
          ))}
          <span className="flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
            <span aria-hidden="true" className="inline-block h-2.5 w-1 rounded-sm" style={{ background: lightPalette.fault }} />
            notch: injected fault
          </span>
        </fieldset>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <Button aria-pressed={follow} onClick={() => changeFollow(!follow)} variant={follow ? 'primary' : 'secondary'}>
            {instant === undefined ? 'Follow live' : 'Follow the slider'}
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
        onFollowChange={changeFollow}
        selectedId={view.reconcile}
        onSelect={select}
        label={`Reconcile timeline${controller ? ` of ${controller}` : ''}${identity ? ` for ${identity.kind} ${identity.namespace ? `${identity.namespace}/` : ''}${identity.name}` : view.object ? ` for ${view.object}` : ''}`}
        commands={commands}
        window={shownWindow}
        onWindowChange={onWindowChange}
        emptyText={emptyText}
        {...(windowMs ? { windowMs } : {})}
      />
      <div className="flex flex-col gap-0.5">
        <p role="status" className="text-xs text-slate-600 dark:text-slate-400">
          {countText}
          {store.gaps ? ` · the stream skipped ahead ${store.gaps} time${store.gaps === 1 ? '' : 's'} (the console fell behind)` : ''}
          {paused ? ' · view paused' : ''}
          {shownWindow && !follow ? ` · window ${formatClock(shownWindow.start)}–${formatClock(shownWindow.end)}` : ''}
        </p>
        <HistoryNote stream="telemetry" thing={reconciles} />
      </div>
      <section aria-label="Selected reconcile" className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        {selected ? (
          <SpanDetails span={selected} now={serverNow} objectLink={objectLink} />
        ) : view.reconcile ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Loading reconcile {view.reconcile}… (if it does not appear, retention evicted it).</p>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Click a reconcile in the timeline or the list to see its triggers, API calls and condition changes.
          </p>
        )}
      </section>
      <SpanList spans={latest} now={serverNow} selectedId={view.reconcile} onSelect={select} objectLink={objectLink} empty={emptyText} />
    </div>
  );
}

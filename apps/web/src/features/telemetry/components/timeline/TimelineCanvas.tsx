/**
 * The reconcile timeline: one canvas, no DOM per span. Wheel zooms around the pointer (pans
 * with Shift or a horizontal wheel), dragging pans, hovering shows a tooltip, clicking selects.
 * Keyboard: ←/→ pan, +/− zoom, F follows live, [ and ] step through the spans of a lane,
 * Escape clears the selection. Redraws only when something changed, at most once a frame.
 */
import { useCallback, useEffect, useId, useImperativeHandle, useRef, useState, type KeyboardEvent, type PointerEvent, type Ref } from 'react';
import { LaneFilter, type SpanFilter } from '../../model/lane-filter.ts';
import { LaneSummaries } from '../../model/lane-summary.ts';
import { firstStartingAfter } from '../../model/span-search.ts';
import type { Lane, Span } from '../../model/span.ts';
import type { TelemetryStore } from '../../model/telemetry-store.ts';
import { canvasHeight, defaultLayout, hitTest, plotWidth, type TimelineLayout } from '../../model/timeline-layout.ts';
import { ServerClock } from '../../model/server-clock.ts';
import { followLive, panBy, xToTime, zoomAt, type Viewport } from '../../model/timeline-viewport.ts';
import { drawTimeline } from './draw-timeline.ts';
import { darkPalette, lightPalette } from './palette.ts';
import { SpanTooltip, type Hover } from './SpanTooltip.tsx';
import { timelineKeyAction } from './timeline-keys.ts';
import { isDarkTheme, useElementWidth } from './use-canvas-size.ts';
import { useViewInstant } from '../../../../lib/view-time.ts';

export interface TimelineCanvasProps {
  store: TelemetryStore;
  filter: SpanFilter;
  follow: boolean;
  paused: boolean;
  onFollowChange: (follow: boolean) => void;
  selectedId: string | undefined;
  onSelect: (span: Span | undefined) => void;
  label: string;
  windowMs?: number;
  maxHeight?: number;
  /** Lets toolbar buttons zoom: factor < 1 zooms in. */
  commands?: Ref<TimelineCommands>;
  /** A time window to show (from the URL): shown when it changes, and following stops. */
  window?: Viewport | undefined;
  /** Told the window a person panned or zoomed to while not following live. */
  onWindowChange?: (window: Viewport) => void;
  /** What the empty canvas says (history may have been evicted, not never recorded). */
  emptyText?: string;
}

export interface TimelineCommands {
  zoom(factor: number): void;
}

const followFrameMs = 33;

export function TimelineCanvas({
  store,
  filter,
  follow,
  paused,
  onFollowChange,
  selectedId,
  onSelect,
  label,
  windowMs = 30_000,
  maxHeight = 520,
  commands,
  window: shown,
  onWindowChange,
  emptyText = 'No reconciles recorded yet.',
}: TimelineCanvasProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const width = useElementWidth(containerRef);
  const helpId = useId();
  const [laneCount, setLaneCount] = useState(0);
  const [hover, setHover] = useState<Hover>();

  const clock = useRef(new ServerClock());
  // In a recording "now" is the instant shown: following keeps it at the right edge.
  const shownInstant = useViewInstant();
  const instant = useRef(shownInstant);
  instant.current = shownInstant;
  const serverNow = useCallback(() => instant.current ?? clock.current.now(Date.now()), []);
  const viewport = useRef<Viewport>({ start: 0, end: 0 });
  const lanes = useRef<Lane[]>([]);
  const laneFilter = useRef(new LaneFilter());
  const summaries = useRef(new LaneSummaries());
  const dirty = useRef(true);
  const hideAfter = useRef<number | undefined>(undefined);
  const props = useRef({ filter, follow, paused, selectedId, hoverId: undefined as string | undefined });
  props.current = { ...props.current, filter, follow, paused, selectedId };

  const layout: TimelineLayout = { ...defaultLayout, width: Math.max(width, defaultLayout.labelWidth + 100) };
  const layoutRef = useRef(layout);
  layoutRef.current = layout;
  const height = canvasHeight(layout, laneCount);

  // Time base: the newest record's time says the server's clock was at least that far (model/server-clock.ts).
  useEffect(() => {
    const sync = () => {
      if (store.lastTime > 0) clock.current.observe(store.lastTime, Date.now());
      dirty.current = true;
    };
    sync();
    const now = serverNow();
    viewport.current = { start: now - windowMs, end: now };
    return store.subscribe(sync);
  }, [store, serverNow, windowMs]);

  useEffect(() => {
    if (!shown || (shown.start === viewport.current.start && shown.end === viewport.current.end)) return;
    viewport.current = shown;
    dirty.current = true;
  }, [shown?.start, shown?.end]);

  useEffect(() => {
    dirty.current = true;
  }, [shownInstant]);

  useEffect(() => {
    hideAfter.current = paused ? serverNow() : undefined;
    dirty.current = true;
  }, [paused, serverNow]);

  useEffect(() => {
    dirty.current = true;
  }, [filter, selectedId, width, laneCount]);

  useEffect(() => {
    const observer = new MutationObserver(() => (dirty.current = true));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);

  // The draw loop.
  useEffect(() => {
    let frame = 0;
    let lastDraw = 0;
    const tick = (time: number) => {
      frame = requestAnimationFrame(tick);
      const p = props.current;
      const following = p.follow && !p.paused;
      if (following && time - lastDraw >= followFrameMs) {
        viewport.current = followLive(viewport.current, serverNow());
        dirty.current = true;
      }
      const canvas = canvasRef.current;
      if (!dirty.current || !canvas) return;
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      dirty.current = false;
      lastDraw = time;
      lanes.current = laneFilter.current.apply(store.lanes, p.filter);
      if (lanes.current.length !== laneCount) setLaneCount(lanes.current.length);
      drawTimeline({
        ctx,
        layout: layoutRef.current,
        height: canvas.height / (window.devicePixelRatio || 1),
        dpr: window.devicePixelRatio || 1,
        lanes: lanes.current,
        viewport: viewport.current,
        now: serverNow(),
        palette: isDarkTheme() ? darkPalette : lightPalette,
        summaries: summaries.current,
        selected: p.selectedId ? store.span(p.selectedId) : undefined,
        hovered: p.hoverId ? store.span(p.hoverId) : undefined,
        hideAfter: hideAfter.current,
      });
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [store, serverNow, laneCount]);

  const reportWindow = useRef(onWindowChange);
  reportWindow.current = onWindowChange;
  const setViewport = (next: Viewport, stopFollowing: boolean) => {
    viewport.current = next;
    dirty.current = true;
    if (stopFollowing && props.current.follow) onFollowChange(false);
    if (stopFollowing || !props.current.follow) reportWindow.current?.(next);
  };

  const zoom = (factor: number, anchorX?: number) => {
    const vp = viewport.current;
    const anchor =
      props.current.follow || anchorX === undefined
        ? props.current.follow
          ? vp.end
          : (vp.start + vp.end) / 2
        : xToTime(vp, anchorX - layout.labelWidth, plotWidth(layout));
    setViewport(zoomAt(vp, anchor, factor), false);
  };

  useImperativeHandle(commands, () => ({ zoom: (factor: number) => zoom(factor) }));

  // Wheel needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const scale = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
      const dx = event.deltaX * scale;
      const dy = event.deltaY * scale;
      const rect = canvas.getBoundingClientRect();
      const l = layoutRef.current;
      const vp = viewport.current;
      if (event.shiftKey || Math.abs(dx) > Math.abs(dy)) {
        const msPerPx = (vp.end - vp.start) / plotWidth(l);
        setViewport(panBy(vp, (event.shiftKey ? dy : dx) * msPerPx), true);
      } else {
        const x = event.clientX - rect.left;
        const anchor = props.current.follow ? vp.end : xToTime(vp, x - l.labelWidth, plotWidth(l));
        setViewport(zoomAt(vp, anchor, Math.exp(dy * 0.0015)), false);
      }
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
    // setViewport reads refs only, so the listener is attached once.
  }, []);

  const drag = useRef<{ x: number; vp: Viewport; moved: boolean } | undefined>(undefined);
  const pointerPosition = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, vp: viewport.current, moved: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    if (d) {
      const dx = event.clientX - d.x;
      if (Math.abs(dx) > 3) d.moved = true;
      if (d.moved) {
        const msPerPx = (d.vp.end - d.vp.start) / plotWidth(layout);
        setViewport(panBy(d.vp, -dx * msPerPx), true);
        return;
      }
    }
    const { x, y } = pointerPosition(event);
    const span = hitTest(layout, lanes.current, viewport.current, x, y, serverNow());
    if (span?.id !== props.current.hoverId) {
      props.current.hoverId = span?.id;
      dirty.current = true;
    }
    setHover(span ? { span, x, y } : undefined);
  };
  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    drag.current = undefined;
    if (!d || d.moved) return;
    const { x, y } = pointerPosition(event);
    onSelect(hitTest(layout, lanes.current, viewport.current, x, y, serverNow()));
  };
  const onPointerLeave = () => {
    props.current.hoverId = undefined;
    dirty.current = true;
    setHover(undefined);
  };

  const stepSelection = (direction: 1 | -1) => {
    const all = lanes.current;
    const current = selectedId ? store.span(selectedId) : undefined;
    const lane = current ? all.find((l) => l.controller === current.controller && l.worker === current.worker) : all.find((l) => l.spans.length);
    if (!lane || lane.spans.length === 0) return;
    let index: number;
    if (!current) index = lane.spans.length - 1;
    else {
      const at = lane.spans.indexOf(current);
      index = at < 0 ? firstStartingAfter(lane.spans, current.start) : at + direction;
    }
    const next = lane.spans[Math.min(lane.spans.length - 1, Math.max(0, index))];
    if (!next) return;
    onSelect(next);
    const vp = viewport.current;
    if (next.start < vp.start || next.start > vp.end) {
      const half = (vp.end - vp.start) / 2;
      setViewport({ start: next.start - half, end: next.start + half }, true);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const action = timelineKeyAction(event.key);
    if (!action) return;
    event.preventDefault();
    const vp = viewport.current;
    const w = vp.end - vp.start;
    switch (action.type) {
      case 'pan':
        setViewport(panBy(vp, w * action.by), true);
        break;
      case 'zoom':
        zoom(action.factor);
        break;
      case 'follow':
        onFollowChange(true);
        break;
      case 'step':
        stepSelection(action.direction);
        break;
      case 'clear':
        onSelect(undefined);
        break;
    }
  };

  return (
    <div ref={containerRef} className="relative w-full overflow-y-auto rounded-md border border-slate-200 dark:border-slate-800" style={{ maxHeight }}>
      <canvas
        ref={(canvas) => {
          canvasRef.current = canvas;
          if (!canvas) return;
          const dpr = window.devicePixelRatio || 1;
          const w = layout.width;
          if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(height * dpr)) {
            canvas.width = Math.round(w * dpr);
            canvas.height = Math.round(height * dpr);
            dirty.current = true;
          }
        }}
        style={{ width: layout.width, height, display: 'block', touchAction: 'none', cursor: drag.current?.moved ? 'grabbing' : 'crosshair' }}
        role="application"
        aria-roledescription="timeline"
        aria-label={label}
        aria-describedby={helpId}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerLeave={onPointerLeave}
        onKeyDown={onKeyDown}
        className="focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
      />
      <p id={helpId} className="sr-only">
        One lane per worker. Left and right arrows pan, plus and minus zoom, F follows live, brackets step to the previous or next reconcile in a lane, Escape
        clears the selection. The selected reconcile is described below the timeline.
      </p>
      {laneCount === 0 ? <p className="absolute inset-x-0 top-10 text-center text-sm text-slate-500 dark:text-slate-400">{emptyText}</p> : null}
      {hover && !drag.current?.moved ? <SpanTooltip hover={hover} width={layout.width} now={serverNow()} /> : null}
    </div>
  );
}

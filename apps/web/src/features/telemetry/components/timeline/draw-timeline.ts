/**
 * Draws the timeline on a 2D canvas: axis, lanes, spans. Cost is bounded by pixels, not spans:
 * - a lane with more spans in view than pixels is drawn from its level-of-detail summary (one
 *   lookup per bucket, equal neighbours merged into one rectangle), plus its running tail;
 * - otherwise each visible span is drawn, found by binary search; runs of sub-pixel spans
 *   collapse into one-pixel columns coloured by their most alarming outcome.
 * Rectangles are batched per colour into one path each. A reconcile one of whose API calls got
 * an injected fault has a notch over its start (drawn span by span only, not from a summary).
 */
import { outcomeOf, type SpanOutcome } from '../../model/lane-filter.ts';
import { bucketRuns, outcomeByPriority, outcomePriority, type LaneSummaries } from '../../model/lane-summary.ts';
import { firstEndingFrom, visibleRange } from '../../model/span-search.ts';
import { hasInjectedFault, spanEnd, spanSource, type Lane, type Span } from '../../model/span.ts';
import { laneTop, plotWidth, type TimelineLayout } from '../../model/timeline-layout.ts';
import { tickLabel, ticks, tickStep, timeToX, xToTime, type Viewport } from '../../model/timeline-viewport.ts';
import type { TimelinePalette } from './palette.ts';

export interface DrawInput {
  ctx: CanvasRenderingContext2D;
  layout: TimelineLayout;
  height: number;
  dpr: number;
  lanes: readonly Lane[];
  viewport: Viewport;
  now: number;
  palette: TimelinePalette;
  /** Level-of-detail summaries; without them every lane is drawn span by span. */
  summaries?: LaneSummaries | undefined;
  selected?: Span | undefined;
  hovered?: Span | undefined;
  /** Spans that started after this instant are not drawn (the view is paused). */
  hideAfter?: number | undefined;
}

const outcomes: SpanOutcome[] = ['success', 'running', 'requeueAfter', 'requeue', 'conflict', 'error'];
const maxScanPerPixel = 32;
const pad = 3;

type Batches = Map<SpanOutcome, number[]>;
/** x, y of each fault notch. */
type FaultMarks = number[];

/** Span by span, collapsing sub-pixel runs: for lanes with fewer spans in view than pixels. */
function drawSpans(
  batches: Batches,
  marks: FaultMarks,
  spans: readonly Span[],
  from: number,
  vp: Viewport,
  plot: number,
  left: number,
  y: number,
  now: number,
  hideAfter: number,
): number {
  let drawn = 0;
  let i = from;
  while (i < spans.length) {
    const span = spans[i]!;
    if (span.start > vp.end || span.start > hideAfter) break;
    const x0 = Math.max(0, timeToX(vp, span.start, plot));
    const x1 = Math.min(plot, timeToX(vp, spanEnd(span, now), plot));
    drawn++;
    if (x1 - x0 >= 1) {
      batches.get(outcomeOf(span))!.push(left + x0, y, x1 - x0);
      if (hasInjectedFault(span)) marks.push(left + x0, y);
      i++;
      continue;
    }
    const px = Math.floor(x0);
    let worst: Span = span;
    let faulted = false;
    for (let j = i, scanned = 0; j < spans.length && scanned < maxScanPerPixel; j++, scanned++) {
      const s = spans[j]!;
      if (timeToX(vp, s.start, plot) >= px + 1 || s.start > hideAfter) break;
      if (outcomePriority[outcomeOf(s)] > outcomePriority[outcomeOf(worst)]) worst = s;
      faulted ||= hasInjectedFault(s);
    }
    batches.get(outcomeOf(worst))!.push(left + px, y, 1);
    if (faulted) marks.push(left + px, y);
    // Jump past everything that ends inside this pixel, however many spans that is.
    i = Math.max(firstEndingFrom(spans, xToTime(vp, px + 1, plot), now), i + 1);
  }
  return drawn;
}

function drawLane(batches: Batches, marks: FaultMarks, lane: Lane, input: DrawInput, y: number, plot: number, now: number, hideAfter: number): number {
  const { viewport: vp, layout } = input;
  const spans = lane.spans;
  const [from, to] = visibleRange(spans, vp.start, vp.end, now);
  const msPerPx = (vp.end - vp.start) / plot;
  if (input.summaries && to - from > plot && hideAfter === Infinity) {
    const summary = input.summaries.for(lane);
    const level = summary.levelFor(msPerPx);
    if (level) {
      const size = 2 ** level.exponent;
      const first = Math.floor((vp.start - summary.base) / size);
      const last = Math.ceil((vp.end - summary.base) / size);
      const runs = bucketRuns(level.cells, first, last + 1);
      for (let k = 0; k < runs.length; k += 3) {
        const x0 = Math.max(0, timeToX(vp, summary.base + runs[k]! * size, plot));
        const x1 = Math.min(plot, timeToX(vp, summary.base + runs[k + 1]! * size, plot));
        batches.get(outcomeByPriority[runs[k + 2]! - 1]!)!.push(layout.labelWidth + x0, y, Math.max(1, x1 - x0));
      }
      return runs.length / 3 + drawSpans(batches, marks, spans, Math.max(summary.scanned, from), vp, plot, layout.labelWidth, y, now, hideAfter);
    }
  }
  return drawSpans(batches, marks, spans, from, vp, plot, layout.labelWidth, y, now, hideAfter);
}

function highlight(ctx: CanvasRenderingContext2D, input: DrawInput, span: Span, lineWidth: number, now: number, plot: number): void {
  const index = input.lanes.findIndex((l) => l.controller === span.controller && l.worker === span.worker);
  if (index < 0) return;
  const { layout, viewport: vp } = input;
  const x0 = timeToX(vp, span.start, plot);
  const x1 = timeToX(vp, spanEnd(span, now), plot);
  if (x1 < 0 || x0 > plot) return;
  const y = laneTop(layout, index) + pad;
  ctx.strokeStyle = input.palette.selection;
  ctx.lineWidth = lineWidth;
  ctx.strokeRect(layout.labelWidth + Math.max(0, x0) - 1, y - 1, Math.max(1, Math.min(plot, x1) - Math.max(0, x0)) + 2, layout.laneHeight - pad * 2 + 2);
}

export function drawTimeline(input: DrawInput): number {
  const { ctx, layout, height, dpr, lanes, viewport: vp, palette } = input;
  const width = layout.width;
  const plot = plotWidth(layout);
  const left = layout.labelWidth;
  const now = input.hideAfter !== undefined ? Math.min(input.now, input.hideAfter) : input.now;
  const hideAfter = input.hideAfter ?? Infinity;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = palette.background;
  ctx.fillRect(0, 0, width, height);

  ctx.fillStyle = palette.stripe;
  for (let i = 1; i < lanes.length; i += 2) ctx.fillRect(left, laneTop(layout, i), plot, layout.laneHeight);

  const step = tickStep(vp, plot);
  const tickTimes = ticks(vp, plot);
  ctx.font = '11px ui-sans-serif, system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = palette.grid;
  for (const t of tickTimes) ctx.fillRect(left + Math.round(timeToX(vp, t, plot)), layout.axisHeight - 4, 1, height - layout.axisHeight + 4);
  ctx.fillStyle = palette.mutedText;
  ctx.textAlign = 'center';
  for (const t of tickTimes) {
    const x = left + timeToX(vp, t, plot);
    if (x > left + 24 && x < width - 24) ctx.fillText(tickLabel(t, step), x, layout.axisHeight / 2);
  }

  const batches: Batches = new Map(outcomes.map((o) => [o, []]));
  const marks: FaultMarks = [];
  let drawn = 0;
  lanes.forEach((lane, index) => {
    drawn += drawLane(batches, marks, lane, input, laneTop(layout, index) + pad, plot, now, hideAfter);
  });
  const barHeight = layout.laneHeight - pad * 2;
  for (const outcome of outcomes) {
    const rects = batches.get(outcome)!;
    if (rects.length === 0) continue;
    ctx.fillStyle = palette.outcome[outcome];
    ctx.beginPath();
    for (let k = 0; k < rects.length; k += 3) ctx.rect(rects[k]!, rects[k + 1]!, rects[k + 2]!, barHeight);
    ctx.fill();
  }
  if (marks.length) {
    ctx.fillStyle = palette.fault;
    ctx.beginPath();
    for (let k = 0; k < marks.length; k += 2) ctx.rect(marks[k]! - 1, marks[k + 1]! - pad, 3, pad + 3);
    ctx.fill();
  }
  if (input.hovered) highlight(ctx, input, input.hovered, 1, now, plot);
  if (input.selected) highlight(ctx, input, input.selected, 2, now, plot);

  const nowX = timeToX(vp, input.now, plot);
  if (nowX >= 0 && nowX <= plot) {
    ctx.fillStyle = palette.now;
    ctx.fillRect(left + nowX - 0.5, layout.axisHeight, 1, height - layout.axisHeight);
  }

  // Label column last, so spans never paint over it.
  ctx.fillStyle = palette.labelBackground;
  ctx.fillRect(0, 0, left, height);
  ctx.fillStyle = palette.grid;
  ctx.fillRect(0, layout.axisHeight - 1, width, 1);
  ctx.textAlign = 'left';
  ctx.fillStyle = palette.text;
  lanes.forEach((lane, index) => {
    ctx.fillText(fit(ctx, `${lane.controller} #${lane.worker}${spanSource(lane.spans[0])}`, left - 12), 8, laneTop(layout, index) + layout.laneHeight / 2);
  });
  return drawn;
}

function fit(ctx: CanvasRenderingContext2D, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  let cut = text.length;
  while (cut > 1 && ctx.measureText(`${text.slice(0, cut)}…`).width > maxWidth) cut--;
  return `${text.slice(0, cut)}…`;
}

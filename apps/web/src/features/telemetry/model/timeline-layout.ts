/**
 * Where things are on the timeline canvas: a label column, an axis row, one row per lane.
 * Hit-testing maps a pointer position back to a lane and a span, with a few pixels of slack so
 * that spans narrower than a pixel can still be hovered.
 */
import { spanNear } from './span-search.ts';
import type { Lane, Span } from './span.ts';
import { xToTime, type Viewport } from './timeline-viewport.ts';

export interface TimelineLayout {
  labelWidth: number;
  axisHeight: number;
  laneHeight: number;
  width: number;
}

export const defaultLayout = { labelWidth: 156, axisHeight: 26, laneHeight: 24 };

export function plotWidth(layout: TimelineLayout): number {
  return Math.max(1, layout.width - layout.labelWidth);
}

export function canvasHeight(layout: Omit<TimelineLayout, 'width'>, laneCount: number): number {
  return layout.axisHeight + Math.max(1, laneCount) * layout.laneHeight;
}

export function laneTop(layout: TimelineLayout, index: number): number {
  return layout.axisHeight + index * layout.laneHeight;
}

export function laneIndexAt(layout: TimelineLayout, y: number, laneCount: number): number | undefined {
  if (y < layout.axisHeight) return undefined;
  const index = Math.floor((y - layout.axisHeight) / layout.laneHeight);
  return index >= 0 && index < laneCount ? index : undefined;
}

export function hitTest(
  layout: TimelineLayout,
  lanes: readonly Pick<Lane, 'spans'>[],
  vp: Viewport,
  x: number,
  y: number,
  now: number,
  slackPx = 3,
): Span | undefined {
  if (x < layout.labelWidth) return undefined;
  const index = laneIndexAt(layout, y, lanes.length);
  if (index === undefined) return undefined;
  const width = plotWidth(layout);
  const time = xToTime(vp, x - layout.labelWidth, width);
  const tolerance = (slackPx / width) * (vp.end - vp.start);
  return spanNear(lanes[index]!.spans, time, tolerance, now);
}

import { describe, expect, it } from 'vitest';
import type { Span } from './span.ts';
import { canvasHeight, hitTest, laneIndexAt } from './timeline-layout.ts';
import { followLive, panBy, tickLabel, ticks, tickStep, timeToX, xToTime, zoomAt } from './timeline-viewport.ts';

const span = (start: number, end: number): Span => ({
  id: `s${start}`,
  controller: 'dojo',
  worker: 0,
  key: 'k',
  start,
  end,
  result: 'success',
  startSeq: 0,
  triggers: [],
  droppedTriggers: 0,
  apiCalls: [],
  conflicts: [],
  conditionChanges: [],
});

describe('timeline viewport', () => {
  const vp = { start: 1000, end: 2000 };

  it('maps time to pixels and back', () => {
    expect(timeToX(vp, 1500, 500)).toBe(250);
    expect(xToTime(vp, 250, 500)).toBe(1500);
  });

  it('zooms around the anchor, which stays under the pointer', () => {
    const zoomed = zoomAt(vp, 1250, 0.5);
    expect(zoomed.end - zoomed.start).toBe(500);
    expect(timeToX(zoomed, 1250, 500)).toBeCloseTo(timeToX(vp, 1250, 500));
  });

  it('never zooms below 2 ms or above 6 hours', () => {
    expect(zoomAt(vp, 1500, 1e-9).end - zoomAt(vp, 1500, 1e-9).start).toBe(2);
    const out = zoomAt(vp, 1500, 1e12);
    expect(out.end - out.start).toBe(6 * 3_600_000);
  });

  it('pans and follows live keeping the window width', () => {
    expect(panBy(vp, 100)).toEqual({ start: 1100, end: 2100 });
    expect(followLive(vp, 5000)).toEqual({ start: 4000, end: 5000 });
  });

  it('chooses 1-2-5 tick steps at least the minimum spacing apart', () => {
    expect(tickStep({ start: 0, end: 10_000 }, 1000, 90)).toBe(1000);
    expect(tickStep({ start: 0, end: 1000 }, 1000, 90)).toBe(100);
    expect(tickStep({ start: 0, end: 3000 }, 1000, 90)).toBe(500);
    expect(ticks({ start: 50, end: 1000 }, 1000, 90)).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
  });

  it('labels ticks with the precision of their step', () => {
    const t = new Date(2024, 0, 1, 12, 34, 56, 789).getTime();
    expect(tickLabel(t, 1000)).toBe('12:34:56');
    expect(tickLabel(t, 100)).toBe('34:56.7');
    expect(tickLabel(t, 5)).toBe('34:56.789');
    expect(tickLabel(t, 120_000)).toBe('12:34');
  });
});

describe('timeline layout and hit-testing', () => {
  const layout = { labelWidth: 100, axisHeight: 20, laneHeight: 10, width: 1100 };
  const lanes = [{ spans: [span(0, 100), span(200, 300)] }, { spans: [span(50, 60)] }];
  const vp = { start: 0, end: 1000 };

  it('finds the lane under a y position', () => {
    expect(laneIndexAt(layout, 10, 2)).toBeUndefined();
    expect(laneIndexAt(layout, 25, 2)).toBe(0);
    expect(laneIndexAt(layout, 35, 2)).toBe(1);
    expect(laneIndexAt(layout, 45, 2)).toBeUndefined();
    expect(canvasHeight(layout, 2)).toBe(40);
  });

  it('finds the span under the pointer', () => {
    expect(hitTest(layout, lanes, vp, 100 + 250, 25, 2000)?.id).toBe('s200');
    expect(hitTest(layout, lanes, vp, 100 + 55, 35, 2000)?.id).toBe('s50');
    expect(hitTest(layout, lanes, vp, 100 + 150, 25, 2000)).toBeUndefined();
    expect(hitTest(layout, lanes, vp, 50, 25, 2000)).toBeUndefined();
  });

  it('lets the pointer catch a sub-pixel span within a few pixels', () => {
    const wide = { start: 0, end: 100_000 };
    const thin = [{ spans: [span(50_000, 50_001)] }];
    expect(hitTest(layout, thin, wide, 100 + 502, 25, 1e6)?.id).toBe('s50000');
    expect(hitTest(layout, thin, wide, 100 + 510, 25, 1e6)).toBeUndefined();
  });
});

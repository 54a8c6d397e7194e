import { describe, expect, it } from 'vitest';
import type { Span } from './span.ts';
import { firstEndingFrom, insertByStart, spanNear, visibleRange } from './span-search.ts';

const span = (start: number, end: number | undefined, id = `${start}`): Span => ({
  id,
  controller: 'dojo',
  worker: 0,
  key: 'default/a',
  start,
  end,
  result: end === undefined ? undefined : 'success',
  startSeq: start,
  triggers: [],
  droppedTriggers: 0,
  apiCalls: [],
  conflicts: [],
  conditionChanges: [],
});

// Spans at [0,10] [20,30] [40,50] ... [990,1000]: 50 spans.
const lane = Array.from({ length: 50 }, (_, i) => span(i * 20, i * 20 + 10));

describe('span index', () => {
  it('finds the spans overlapping a window, including one cut by its left edge', () => {
    expect(visibleRange(lane, 25, 65, 2000)).toEqual([1, 4]);
    const [from, to] = visibleRange(lane, 25, 65, 2000);
    expect(lane.slice(from, to).map((s) => s.start)).toEqual([20, 40, 60]);
  });

  it('finds nothing in a gap or outside the lane', () => {
    const [from, to] = visibleRange(lane, 11, 19, 2000);
    expect(to - from).toBe(0);
    const [a, b] = visibleRange(lane, 5000, 6000, 7000);
    expect(b - a).toBe(0);
  });

  it('treats a running span as ending now', () => {
    const running = [span(0, 10), span(20, undefined)];
    expect(firstEndingFrom(running, 500, 1000)).toBe(1);
    expect(firstEndingFrom(running, 500, 400)).toBe(2);
  });

  it('hit-tests the span under a time, or the nearest within tolerance', () => {
    expect(spanNear(lane, 45, 0, 2000)?.start).toBe(40);
    expect(spanNear(lane, 52, 0, 2000)).toBeUndefined();
    expect(spanNear(lane, 52, 3, 2000)?.start).toBe(40);
    expect(spanNear(lane, 58, 3, 2000)?.start).toBe(60);
  });

  it('stays fast and exact on 100,000 spans', () => {
    const big = Array.from({ length: 100_000 }, (_, i) => span(i * 10, i * 10 + 5));
    const started = performance.now();
    let found = 0;
    for (let t = 0; t < 1_000_000; t += 97) if (spanNear(big, t, 0, 2e6)) found++;
    expect(performance.now() - started).toBeLessThan(200);
    expect(found).toBeGreaterThan(5000);
    expect(visibleRange(big, 500_000, 500_100, 2e6)).toEqual([50_000, 50_011]);
  });

  it('keeps start order when a span arrives late', () => {
    const spans = [span(0, 1), span(20, 21)];
    expect(insertByStart(spans, span(30, 31))).toBe(true);
    expect(insertByStart(spans, span(10, 11))).toBe(false);
    expect(spans.map((s) => s.start)).toEqual([0, 10, 20, 30]);
  });
});

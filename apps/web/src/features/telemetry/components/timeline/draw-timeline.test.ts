import { describe, expect, it } from 'vitest';
import type { Lane, Span } from '../../model/span.ts';
import { drawTimeline } from './draw-timeline.ts';
import { LaneSummaries } from '../../model/lane-summary.ts';
import { lightPalette } from './palette.ts';

/** Counts what a 2D context is asked to draw. */
function countingContext() {
  const counts = { rect: 0, fillRect: 0, fill: 0, fillText: 0 };
  const ctx = {
    setTransform() {},
    fillRect: () => void counts.fillRect++,
    rect: () => void counts.rect++,
    beginPath() {},
    fill: () => void counts.fill++,
    strokeRect() {},
    fillText: () => void counts.fillText++,
    measureText: (text: string) => ({ width: text.length * 6 }),
    set fillStyle(_v: string) {},
    set strokeStyle(_v: string) {},
    set lineWidth(_v: number) {},
    set font(_v: string) {},
    set textAlign(_v: string) {},
    set textBaseline(_v: string) {},
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, counts };
}

function lane(count: number, every: number, length: number, worker = 0): Lane {
  const spans: Span[] = [];
  for (let i = 0; i < count; i++) {
    spans.push({
      id: `w${worker}-${i}`,
      controller: 'dojo',
      worker,
      key: `default/d${i % 50}`,
      start: i * every,
      end: i * every + length,
      result: i % 97 === 0 ? 'error' : 'success',
      startSeq: i,
      triggers: [],
      droppedTriggers: 0,
      apiCalls: [],
      conflicts: [],
      conditionChanges: [],
    });
  }
  return { id: `dojo#${worker}`, controller: 'dojo', worker, spans, revision: 0 };
}

const layout = { labelWidth: 100, axisHeight: 20, laneHeight: 20, width: 1100 };

describe('drawTimeline', () => {
  it('draws about one rectangle per pixel when 100,000 spans share 1,000 pixels', () => {
    const { ctx, counts } = countingContext();
    const lanes = [lane(25_000, 10, 5, 0), lane(25_000, 10, 5, 1), lane(25_000, 10, 5, 2), lane(25_000, 10, 5, 3)];
    // How long it takes is the timeline benchmark's to say (npm run bench -- web-timeline); here, how much it draws.
    drawTimeline({ ctx, layout, height: 100, dpr: 1, lanes, viewport: { start: 0, end: 250_000 }, now: 250_000, palette: lightPalette });
    expect(counts.rect).toBeLessThanOrEqual(4 * 1001);
    expect(counts.rect).toBeGreaterThan(3000);
    expect(counts.fill).toBeLessThanOrEqual(6);
  });

  it('draws a zoomed-out lane from its summary: a run of successes is one rectangle', () => {
    const { ctx, counts } = countingContext();
    const all = lane(100_000, 10, 5);
    for (const s of all.spans) s.result = 'success';
    const input = {
      ctx,
      layout,
      height: 40,
      dpr: 1,
      lanes: [all],
      viewport: { start: 0, end: 1_000_000 },
      now: 1e7,
      palette: lightPalette,
      summaries: new LaneSummaries(),
    };
    drawTimeline(input);
    expect(counts.rect).toBe(1);
    // Drawn again, the summary is reused: still one rectangle, not one per span.
    drawTimeline(input);
    expect(counts.rect).toBe(2);
  });

  it('keeps an error visible in a zoomed-out lane', () => {
    const { ctx, counts } = countingContext();
    const all = lane(100_000, 10, 5);
    for (const s of all.spans) s.result = 'success';
    all.spans[50_000]!.result = 'error';
    drawTimeline({
      ctx,
      layout,
      height: 40,
      dpr: 1,
      lanes: [all],
      viewport: { start: 0, end: 1_000_000 },
      now: 1e7,
      palette: lightPalette,
      summaries: new LaneSummaries(),
    });
    expect(counts.rect).toBe(3);
    expect(counts.fill).toBe(2);
  });

  it('draws each span when zoomed in far enough to see them', () => {
    const { ctx, counts } = countingContext();
    drawTimeline({ ctx, layout, height: 40, dpr: 1, lanes: [lane(100_000, 10, 5)], viewport: { start: 5_000, end: 5_200 }, now: 1e7, palette: lightPalette });
    // spans starting at 5000, 5010, ..., 5200: 21 of them.
    expect(counts.rect).toBe(21);
  });

  it('draws nothing that started after the pause', () => {
    const { ctx, counts } = countingContext();
    drawTimeline({
      ctx,
      layout,
      height: 40,
      dpr: 1,
      lanes: [lane(100, 10, 5)],
      viewport: { start: 0, end: 1000 },
      now: 1000,
      palette: lightPalette,
      hideAfter: 95,
    });
    expect(counts.rect).toBe(10);
  });

  it('puts a fault notch over each reconcile one of whose API calls got an injected fault', () => {
    const { ctx, counts } = countingContext();
    const few = lane(21, 10, 5);
    const call = { type: 'api-call' as const, seq: 1, time: 0, controller: 'dojo', verb: 'update', resource: 'configmaps', code: 409, durationMs: 1 };
    few.spans[3]!.apiCalls.push({ ...call, injected: true });
    few.spans[4]!.apiCalls.push(call);
    drawTimeline({ ctx, layout, height: 40, dpr: 1, lanes: [few], viewport: { start: 0, end: 200 }, now: 1e7, palette: lightPalette });
    expect(counts.rect).toBe(21 + 1);
    // Successes, the first span's error, and the notches: one path each.
    expect(counts.fill).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import type { Lane, Span } from './span.ts';
import { bucketRuns, LaneSummaries, LaneSummary, outcomeByPriority } from './lane-summary.ts';

const span = (start: number, end: number | undefined, result?: Span['result']): Span => ({
  id: `s${start}`,
  controller: 'dojo',
  worker: 0,
  key: 'k',
  start,
  end,
  result,
  startSeq: start,
  triggers: [],
  droppedTriggers: 0,
  apiCalls: [],
  conflicts: [],
  conditionChanges: [],
});

describe('LaneSummary', () => {
  it('keeps the most alarming outcome of the spans in each bucket', () => {
    const summary = new LaneSummary(0);
    summary.add(span(0, 2, 'success'));
    summary.add(span(3, 4, 'error'));
    summary.add(span(20, 21, 'requeueAfter'));
    const level = summary.levelFor(8)!;
    expect(2 ** level.exponent).toBe(8);
    expect(outcomeByPriority[level.cells[0]! - 1]).toBe('error');
    expect(level.cells[1]).toBe(0);
    expect(outcomeByPriority[level.cells[2]! - 1]).toBe('requeueAfter');
  });

  it('marks every bucket a long span covers', () => {
    const summary = new LaneSummary(1000);
    summary.add(span(1000, 1040, 'success'));
    const level = summary.levelFor(8)!;
    expect([...level.cells.slice(0, 6)]).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('chooses buckets no wider than a pixel, and none when zoomed in closer than 8 ms per pixel', () => {
    const summary = new LaneSummary(0);
    expect(summary.levelFor(4)).toBeUndefined();
    expect(2 ** summary.levelFor(100)!.exponent).toBe(64);
    expect(2 ** summary.levelFor(1e12)!.exponent).toBe(2 ** 26);
  });
});

describe('LaneSummaries', () => {
  it('summarizes finished spans incrementally and stops at a running one', () => {
    const spans = [span(0, 5, 'success'), span(10, undefined)];
    const lane: Lane = { id: 'dojo#0', controller: 'dojo', worker: 0, spans, revision: 0 };
    const summaries = new LaneSummaries();
    expect(summaries.for(lane).scanned).toBe(1);
    spans[1]!.result = 'error';
    spans[1]!.end = 12;
    spans.push(span(20, 22, 'success'));
    const summary = summaries.for(lane);
    expect(summary.scanned).toBe(3);
    expect(outcomeByPriority[summary.levelFor(8)!.cells[1]! - 1]).toBe('error');
  });

  it('starts over when the lane was trimmed', () => {
    const lane: Lane = { id: 'dojo#0', controller: 'dojo', worker: 0, spans: [span(0, 5, 'error'), span(100, 105, 'success')], revision: 0 };
    const summaries = new LaneSummaries();
    summaries.for(lane);
    const trimmed: Lane = { ...lane, spans: lane.spans.slice(1), revision: 1 };
    const summary = summaries.for(trimmed);
    expect(summary.base).toBe(100);
    expect(summary.levelFor(8)!.cells[0]).toBe(1);
  });
});

describe('bucketRuns', () => {
  it('merges equal neighbours and skips empty buckets', () => {
    expect(bucketRuns(Uint8Array.from([0, 1, 1, 1, 6, 0, 1]), 0, 7)).toEqual([1, 4, 1, 4, 5, 6, 6, 7, 1]);
    expect(bucketRuns(Uint8Array.from([1, 1, 1]), 1, 10)).toEqual([1, 3, 1]);
  });
});

import { describe, expect, it } from 'vitest';
import { LaneFilter } from './lane-filter.ts';
import { shownCountText } from './shown-count.ts';
import type { Lane, Span } from './span.ts';

const span = (id: string, key: string, result: Span['result'] = 'success'): Span => ({
  id,
  controller: 'dojo',
  worker: 0,
  key,
  start: 1,
  end: 2,
  result,
  startSeq: 1,
  triggers: [],
  droppedTriggers: 0,
  apiCalls: [],
  conflicts: [],
  conditionChanges: [],
});

const lane = (controller: string, worker: number, spans: Span[]): Lane => ({ id: `${controller}#${worker}`, controller, worker, spans, revision: 0 });

const lanes = [
  lane('dojo', 0, [span('a', 'default/a'), span('b', 'default/b', 'error')]),
  lane('dojo', 1, [span('c', 'default/b')]),
  lane('pods', 0, [span('d', 'default/a-1')]),
];

describe('the timeline count line', () => {
  it('counts everything loaded when no filter is set', () => {
    expect(shownCountText(lanes, new LaneFilter().apply(lanes, {}))).toBe('4 reconciles loaded in 3 lanes');
  });

  it("counts only the chosen controller's reconciles and lanes", () => {
    expect(shownCountText(lanes, new LaneFilter().apply(lanes, { controller: 'dojo' }))).toBe('3 reconciles shown in 2 lanes (of 4 loaded in 3 lanes)');
  });

  it('counts the reconciles an object filter leaves, in the lanes that reconciled that object', () => {
    expect(shownCountText(lanes, new LaneFilter().apply(lanes, { object: 'default/b' }))).toBe('2 reconciles shown in 2 lanes (of 4 loaded in 3 lanes)');
  });

  it('counts only the results asked for', () => {
    expect(shownCountText(lanes, new LaneFilter().apply(lanes, { outcomes: new Set(['error']) }))).toBe(
      '1 reconcile shown in 3 lanes (of 4 loaded in 3 lanes)',
    );
  });
});

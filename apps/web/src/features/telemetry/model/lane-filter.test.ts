import { describe, expect, it } from 'vitest';
import type { Lane, Span } from './span.ts';
import { LaneFilter, type SpanFilter } from './lane-filter.ts';

const span = (id: string, start: number, key: string, result?: Span['result']): Span => ({
  id,
  controller: 'dojo',
  worker: 0,
  key,
  start,
  end: result ? start + 1 : undefined,
  result,
  startSeq: start,
  triggers: [],
  droppedTriggers: 0,
  apiCalls: [],
  conflicts: [],
  conditionChanges: [],
});

const lane = (spans: Span[], controller = 'dojo'): Lane => ({ id: `${controller}#0`, controller, worker: 0, spans, revision: 0 });

describe('LaneFilter', () => {
  it('returns the lanes untouched without a filter, minus other controllers', () => {
    const lanes = [lane([span('a', 1, 'default/a', 'success')]), lane([], 'pods')];
    const filter = new LaneFilter();
    expect(filter.apply(lanes, {})).toEqual(lanes);
    expect(filter.apply(lanes, { controller: 'pods' }).map((l) => l.controller)).toEqual(['pods']);
  });

  it("leaves out reconciles that started after a recording's instant", () => {
    const l = lane([span('a', 1, 'default/a', 'success'), span('b', 5, 'default/a', 'success'), span('c', 9, 'default/a', 'error')]);
    expect(new LaneFilter().apply([l], { until: 5 })[0]!.spans.map((s) => s.id)).toEqual(['a', 'b']);
  });

  it('keeps only spans of the object and the outcomes asked for', () => {
    const l = lane([span('a', 1, 'default/a', 'success'), span('b', 2, 'default/b', 'error'), span('c', 3, 'default/a', 'error')]);
    const f: SpanFilter = { object: 'default/a', outcomes: new Set(['error']) };
    expect(new LaneFilter().apply([l], f)[0]!.spans.map((s) => s.id)).toEqual(['c']);
  });

  it('leaves out lanes that never reconciled the filtered object', () => {
    const a = lane([span('a', 1, 'default/a', 'success')]);
    const b: Lane = { ...lane([span('b', 1, 'default/b', 'success')]), id: 'dojo#1', worker: 1 };
    expect(new LaneFilter().apply([a, b], { object: 'default/a' }).map((l) => l.id)).toEqual(['dojo#0']);
  });

  it('scans only new spans, and judges a running span again once it has finished', () => {
    const spans = [span('a', 1, 'k', 'error')];
    const l = lane(spans);
    const filter = new LaneFilter();
    const f: SpanFilter = { outcomes: new Set(['error']) };
    expect(filter.apply([l], f)[0]!.spans.map((s) => s.id)).toEqual(['a']);
    const running = span('b', 2, 'k');
    spans.push(running);
    expect(filter.apply([l], f)[0]!.spans.map((s) => s.id)).toEqual(['a']);
    running.result = 'error';
    running.end = 3;
    spans.push(span('c', 4, 'k', 'success'));
    expect(filter.apply([l], f)[0]!.spans.map((s) => s.id)).toEqual(['a', 'b']);
  });

  it('starts over when a lane was reordered or trimmed', () => {
    const l = lane([span('a', 1, 'k', 'error'), span('b', 2, 'k', 'error')]);
    const filter = new LaneFilter();
    const f: SpanFilter = { object: 'k' };
    expect(filter.apply([l], f)[0]!.spans).toHaveLength(2);
    const trimmed: Lane = { ...l, spans: l.spans.slice(1), revision: 1 };
    expect(filter.apply([trimmed], f)[0]!.spans.map((s) => s.id)).toEqual(['b']);
  });

  it('matches one object by its identity, never another kind with the same namespace/name', () => {
    const dojo = { group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name: 'a' };
    const mine = { ...span('mine', 1, 'default/a', 'success'), object: dojo, objectKey: 'core.jutsu.com/Dojo/default/a' };
    const deployment = {
      ...span('theirs', 2, 'default/a', 'success'),
      object: { ...dojo, group: 'apps', kind: 'Deployment' },
      objectKey: 'apps/Deployment/default/a',
    };
    expect(new LaneFilter().apply([lane([mine, deployment])], { identity: dojo })[0]!.spans.map((s) => s.id)).toEqual(['mine']);
  });

  it('filters by the kind or reason of a trigger', () => {
    const byDeployment = { ...span('d', 1, 'default/a', 'success'), triggers: [{ reason: 'owned', kind: 'Deployment' }] };
    const byRequeue = { ...span('r', 2, 'default/a', 'success'), triggers: [{ reason: 'requeueAfter' }] };
    const l = lane([byDeployment, byRequeue]);
    expect(new LaneFilter().apply([l], { trigger: 'Deployment' })[0]!.spans.map((s) => s.id)).toEqual(['d']);
    expect(new LaneFilter().apply([l], { trigger: 'requeueAfter' })[0]!.spans.map((s) => s.id)).toEqual(['r']);
  });
});

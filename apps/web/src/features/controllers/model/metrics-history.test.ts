import { describe, expect, it } from 'vitest';
import type { ControllerSummary } from '@dojo/console-protocol';
import { appendSamples } from './metrics-history.ts';

const summary = (name: string, depth: number): ControllerSummary => ({
  name,
  role: 'operator',
  forKind: { group: 'core.jutsu.com', version: 'v1', kind: 'Dojo' },
  paused: false,
  workers: { busy: 1, max: 2 },
  depth,
  counts: { reconciles: 0, errors: 0, conflicts: 0, requeues: 0 },
  ratePerSecond: 3,
  errorRate: 0,
  p50Ms: 1,
  p99Ms: 5,
  breakpoints: [],
  faults: { conflictNextWrites: 0, throwNext: 0, latencyMs: 0, injected: { throws: 0, conflicts: 0 } },
  watches: [],
  filteredEvents: 0,
});

describe('appendSamples', () => {
  it('adds one sample per controller per message', () => {
    const h = appendSamples(appendSamples({}, [summary('dojo', 1), summary('pods', 0)], 1), [summary('dojo', 4)], 2);
    expect(h.dojo?.map((s) => s.depth)).toEqual([1, 4]);
    expect(h.pods).toHaveLength(1);
  });

  it('keeps only the newest samples up to the cap', () => {
    let h = {};
    for (let t = 0; t < 10; t++) h = appendSamples(h, [summary('dojo', t)], t, 4);
    expect((h as Record<string, { depth: number }[]>).dojo?.map((s) => s.depth)).toEqual([6, 7, 8, 9]);
  });

  it('does not change the history it was given', () => {
    const start = appendSamples({}, [summary('dojo', 1)], 1);
    appendSamples(start, [summary('dojo', 2)], 2);
    expect(start.dojo).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { decodeControllerState, decodeControllerSummary } from './controller-decoders.ts';

describe('controller decoders', () => {
  it('reads a summary in the protocol shape as is', () => {
    const summary = {
      name: 'dojo',
      role: 'operator',
      forKind: { group: 'core.jutsu.com', version: 'v1', kind: 'Dojo' },
      paused: true,
      workers: { busy: 1, max: 4 },
      depth: 3,
      counts: { reconciles: 10, errors: 1, conflicts: 2, requeues: 3 },
      ratePerSecond: 2.5,
      errorRate: 0.1,
      p50Ms: 4,
      p99Ms: 40,
      breakpoints: ['default/a'],
      faults: { conflictNextWrites: 1, throwNext: 0, latencyMs: 0, injected: { throws: 0, conflicts: 1 } },
      watches: [
        {
          relation: 'for',
          kind: 'Dojo',
          resource: 'dojos',
          passed: 4,
          filtered: 6,
          byType: { create: { passed: 2, dropped: 0 }, update: { passed: 2, dropped: 6 }, delete: { passed: 0, dropped: 0 }, generic: { passed: 0, dropped: 0 } },
        },
      ],
      filteredEvents: 6,
    };
    expect(decodeControllerSummary(summary)).toEqual(summary);
  });

  it('accepts the runtime count names and fills what is missing', () => {
    const decoded = decodeControllerSummary({ name: 'pods', counts: { total: 7, error: 2, conflict: 1, requeue: 1, requeueAfter: 2 } });
    expect(decoded.counts).toEqual({ reconciles: 7, errors: 2, conflicts: 1, requeues: 3 });
    expect(decoded.workers).toEqual({ busy: 0, max: 1 });
    expect(decoded.breakpoints).toEqual([]);
    expect(decoded.faults.latencyMs).toBe(0);
    expect(decoded.watches).toEqual([]);
    expect(decoded.filteredEvents).toBe(0);
  });

  it('reads a watch with missing counts as zeros', () => {
    const decoded = decodeControllerSummary({ name: 'x', watches: [{ relation: 'owns', kind: 'Pod', byType: { update: { dropped: 3 } } }] });
    expect(decoded.watches[0]).toMatchObject({ relation: 'owns', kind: 'Pod', passed: 0, filtered: 0 });
    expect(decoded.watches[0]?.byType.update).toEqual({ passed: 0, dropped: 3 });
    expect(decoded.watches[0]?.byType.create).toEqual({ passed: 0, dropped: 0 });
  });

  it('reads a queue snapshot, dirty keys given as objects or strings', () => {
    const state = decodeControllerState({
      name: 'dojo',
      queue: {
        depth: 1,
        queued: [{ key: 'default/a', since: 5, triggers: [{ reason: 'watch', event: 'MODIFIED' }] }],
        processing: [{ key: 'default/b', worker: 0, startedAt: 6, dirty: true }],
        dirty: [{ key: 'default/b', since: 7, triggers: [] }, 'default/c'],
        delayed: [{ key: 'default/d', readyAt: 100, retries: 3 }],
        counters: { adds: 9, merged: 4, gets: 5, dones: 4 },
      },
    });
    expect(state.depth).toBe(1);
    expect(state.queue.queued[0]?.triggers[0]?.reason).toBe('watch');
    expect(state.queue.dirty.map((d) => (typeof d === 'string' ? d : d.key))).toEqual(['default/b', 'default/c']);
    expect(state.queue.delayed[0]).toMatchObject({ key: 'default/d', retries: 3 });
    expect(state.queue.counters.merged).toBe(4);
  });

  it('finds the queue under the runtime state object too', () => {
    const state = decodeControllerState({
      name: 'dojo',
      depth: 1,
      state: { queue: { queued: [{ key: 'default/a', since: 1, triggers: [] }], counters: { adds: 2 } }, heldAtBreakpoint: [{ worker: 1, key: 'default/a' }] },
    });
    expect(state.queue.queued.map((q) => q.key)).toEqual(['default/a']);
    expect(state.queue.counters.adds).toBe(2);
    expect(state.heldAtBreakpoint).toEqual([{ worker: 1, key: 'default/a' }]);
  });

  it('never throws on garbage', () => {
    expect(() => decodeControllerState(null)).not.toThrow();
    expect(decodeControllerState('x').queue.queued).toEqual([]);
  });
});

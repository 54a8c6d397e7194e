import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeQueuePosition, queuePositionIndex, queuePositionOf } from './queue-position.ts';
import { now, queueState } from './testing/explain-fixtures.ts';

const key = 'default/web';

describe("where a key is in its controller's queue", () => {
  it('finds it processing, waiting, delayed, in backoff, held, or nowhere', () => {
    expect(queuePositionOf(queueState({ processing: [{ key, worker: 1, startedAt: now - 500, dirty: true }] }), key)).toEqual({
      state: 'processing',
      worker: 1,
      since: now - 500,
      dirty: true,
    });
    expect(queuePositionOf(queueState({ queued: [{ key, since: now - 2000, triggers: [], droppedTriggers: 0 }] }), key)).toEqual({
      state: 'waiting',
      since: now - 2000,
      blockedByBreakpoint: false,
    });
    expect(queuePositionOf(queueState({ delayed: [{ key, readyAt: now + 5000, retries: 0, triggers: [], droppedTriggers: 0 }] }), key)).toEqual({
      state: 'delayed',
      readyAt: now + 5000,
    });
    expect(queuePositionOf(queueState({ delayed: [{ key, readyAt: now + 8000, retries: 4, triggers: [], droppedTriggers: 0 }] }), key)).toEqual({
      state: 'backoff',
      readyAt: now + 8000,
      retries: 4,
    });
    expect(queuePositionOf(queueState({}, { heldAtBreakpoint: [{ worker: 2, key }] }), key)).toEqual({ state: 'held', worker: 2 });
    expect(queuePositionOf(queueState(), key)).toEqual({ state: 'none' });
  });

  it('says when a key in backoff comes back and after how many retries', () => {
    expect(describeQueuePosition({ state: 'backoff', readyAt: now + 8000, retries: 4 }, 'dojo', false, now)).toEqual([
      { label: 'queue', value: 'in backoff after 4 retries, back in 8.0 s', time: now + 8000 },
    ]);
    expect(describeQueuePosition({ state: 'waiting', since: now - 3000, blockedByBreakpoint: false }, 'dojo', true, now)[0]!.value).toBe(
      'waiting for a worker for 3.0 s (dojo is paused)',
    );
    expect(describeQueuePosition({ state: 'none' }, 'dojo', false, now)[0]!.value).toBe('in no queue: dojo will look again only when an event about it comes');
  });
});

describe('the queue indexed by key', () => {
  it('places every key where the queue says, for any queue', () => {
    const key = fc.constantFrom('default/a', 'default/b', 'default/c');
    const at = fc.integer({ min: 0, max: 10_000 });
    const state = fc
      .record({
        held: fc.array(fc.record({ key, worker: fc.nat(3) }), { maxLength: 2 }),
        processing: fc.array(fc.record({ key, startedAt: at, dirty: fc.boolean(), worker: fc.option(fc.nat(3), { nil: undefined }) }), { maxLength: 3 }),
        queued: fc.array(fc.record({ key, since: at }), { maxLength: 3 }),
        delayed: fc.array(fc.record({ key, readyAt: at, retries: fc.nat(3) }), { maxLength: 3 }),
        blocked: fc.subarray(['default/a', 'default/b', 'default/c']),
      })
      .map((s) =>
        queueState(
          {
            processing: s.processing.map(({ worker, ...p }) => ({ ...p, ...(worker === undefined ? {} : { worker }) })),
            queued: s.queued.map((q) => ({ ...q, triggers: [], droppedTriggers: 0 })),
            delayed: s.delayed.map((d) => ({ ...d, triggers: [], droppedTriggers: 0 })),
          },
          { heldAtBreakpoint: s.held, blockedByBreakpoint: s.blocked },
        ),
      );
    fc.assert(
      fc.property(state, (s) => {
        const indexed = queuePositionIndex(s);
        for (const k of ['default/a', 'default/b', 'default/c', 'default/none']) expect(indexed(k)).toEqual(queuePositionOf(s, k));
      }),
    );
  });
});

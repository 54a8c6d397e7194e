import { describe, expect, it } from 'vitest';
import type { ControllerDetails, WaitingKey } from '@dojo/console-protocol';
import { StatusError } from '@dojo/kube-api';
import { decodeQueueKeysRequest, showQueueKeys } from './queue-keys.ts';

const waiting = (key: string): WaitingKey => ({ key, since: 1, triggers: [], droppedTriggers: 0 });

function detailsWith(queued: number): ControllerDetails {
  const keys = Array.from({ length: queued }, (_, i) => waiting(`ns-${i % 2}/dojo-${i}`));
  // Only the queue matters here; the rest of the details pass through untouched.
  return {
    name: 'dojo',
    state: {
      queue: {
        name: 'dojo',
        depth: queued,
        queued: keys,
        processing: [{ key: 'ns-0/busy', worker: 0, startedAt: 1, dirty: false }],
        dirty: [],
        delayed: [{ ...waiting('ns-1/later'), readyAt: 5, retries: 2 }],
        counters: { adds: queued, merged: 0, gets: 0, dones: 0 },
        shuttingDown: false,
      },
    },
  } as unknown as ControllerDetails;
}

describe('showQueueKeys', () => {
  it('keeps the first N keys of each list in their order and says how many there are in all', () => {
    const shown = showQueueKeys(detailsWith(10_000), { limit: 3 });
    expect(shown.state.queue.queued.map((k) => k.key)).toEqual(['ns-0/dojo-0', 'ns-1/dojo-1', 'ns-0/dojo-2']);
    expect(shown.state.queue.depth).toBe(10_000);
    expect(shown.keysShown).toEqual({ limit: 3, totals: { queued: 10_000, processing: 1, dirty: 0, delayed: 1 } });
  });

  it('keeps only the keys that contain the match, and counts those', () => {
    const shown = showQueueKeys(detailsWith(100), { limit: 2, match: 'ns-1/' });
    expect(shown.state.queue.queued.map((k) => k.key)).toEqual(['ns-1/dojo-1', 'ns-1/dojo-3']);
    expect(shown.state.queue.processing).toEqual([]);
    expect(shown.state.queue.delayed.map((k) => k.key)).toEqual(['ns-1/later']);
    expect(shown.keysShown?.totals).toEqual({ queued: 50, processing: 0, dirty: 0, delayed: 1 });
  });
});

describe('decodeQueueKeysRequest', () => {
  it('asks for every key when there is no keys parameter', () => {
    expect(decodeQueueKeysRequest({})).toBeUndefined();
  });

  it('reads a limit and a match', () => {
    expect(decodeQueueKeysRequest({ keys: '1000', match: 'scale-1/' })).toEqual({ limit: 1000, match: 'scale-1/' });
  });

  it('answers a bad limit or a match without a limit with a 400 Status', () => {
    for (const query of [{ keys: '0' }, { keys: 'ten' }, { keys: '1e3' }, { keys: ['1', '2'] }, { match: 'x' }, { keys: '5', match: ['a', 'b'] }]) {
      expect(() => decodeQueueKeysRequest(query), JSON.stringify(query)).toThrow(StatusError);
      try {
        decodeQueueKeysRequest(query);
      } catch (err) {
        expect((err as StatusError).status.code).toBe(400);
      }
    }
  });
});

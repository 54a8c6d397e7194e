import { describe, expect, it, vi } from 'vitest';
import { connectedLiveSocket, manualFrames } from '../../../lib/testing/fake-socket.ts';
import { startTelemetryFeed } from './telemetry-feed.ts';

const { scheduler, runFrames } = manualFrames();

function setup(bounds: { oldestSeq: number; lastSeq: number } | undefined) {
  const { socket, live } = connectedLiveSocket();
  let current = bounds;
  const feed = startTelemetryFeed(live, { ringBounds: async () => current, scheduler });
  const subscriptions = () => socket.sent.filter((m) => m.op === 'subscribe');
  return { socket, feed, subscriptions, setBounds: (b: typeof bounds) => (current = b) };
}

const start = (seq: number, id: string) => ({
  seq,
  time: seq,
  type: 'reconcile-start',
  controller: 'dojo',
  key: 'default/a',
  worker: 0,
  reconcileId: id,
  triggers: [],
  droppedTriggers: 0,
});

describe('startTelemetryFeed', () => {
  it('subscribes from at most 50,000 records back in the server ring', async () => {
    const { subscriptions } = setup({ oldestSeq: 10, lastSeq: 80_000 });
    await vi.waitFor(() => expect(subscriptions()).toHaveLength(1));
    expect(subscriptions()[0]).toEqual({ op: 'subscribe', id: 's1', kind: 'telemetry', fromSeq: 30_001 });
  });

  it('subscribes from the start of a short ring', async () => {
    const { subscriptions } = setup({ oldestSeq: 5, lastSeq: 100 });
    await vi.waitFor(() => expect(subscriptions()).toHaveLength(1));
    expect(subscriptions()[0].fromSeq).toBe(5);
  });

  it('subscribes live only when the server keeps no ring', async () => {
    const { subscriptions } = setup(undefined);
    await vi.waitFor(() => expect(subscriptions()).toHaveLength(1));
    expect(subscriptions()[0].fromSeq).toBeUndefined();
  });

  it('hands records to the store once per frame', async () => {
    const { socket, feed, subscriptions } = setup({ oldestSeq: 1, lastSeq: 0 });
    await vi.waitFor(() => expect(subscriptions()).toHaveLength(1));
    socket.receive({ id: 's1', type: 'telemetry', records: [start(1, 'r1')] });
    socket.receive({ id: 's1', type: 'telemetry', records: [start(2, 'r2')] });
    expect(feed.store.spanCount).toBe(0);
    runFrames();
    expect(feed.store.spanCount).toBe(2);
    expect(feed.status()).toBe('live');
  });

  it('after a resync notes the gap and continues from the newest record', async () => {
    const { socket, feed, subscriptions, setBounds } = setup({ oldestSeq: 1, lastSeq: 0 });
    await vi.waitFor(() => expect(subscriptions()).toHaveLength(1));
    setBounds({ oldestSeq: 9000, lastSeq: 12_000 });
    socket.receive({ id: 's1', type: 'resync', oldestSeq: 9000 });
    await vi.waitFor(() => expect(subscriptions()).toHaveLength(2));
    expect(subscriptions()[1]).toMatchObject({ id: 's2', fromSeq: 12_001 });
    expect(feed.store.gaps).toBe(1);
  });
});

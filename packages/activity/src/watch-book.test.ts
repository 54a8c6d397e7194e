import type { WatchOpenRecord } from '@dojo/console-protocol';
import { describe, expect, it } from 'vitest';
import { WatchBook } from './watch-book.ts';

const opened = (watchId: string, extra: Partial<WatchOpenRecord> = {}): WatchOpenRecord => ({
  type: 'watch-open',
  seq: 1,
  time: 1_000,
  user: 'sample-controller',
  watchId,
  group: 'samplecontroller.k8s.io',
  version: 'v1alpha1',
  resource: 'foos',
  bookmarks: true,
  ...extra,
});

const watchesOf = (book: WatchBook, client: string) => book.summaries().find((s) => s.client === client)!.watches;

describe('WatchBook', () => {
  it('marks a streaming list (sendInitialEvents=true) and counts the current objects it was sent first', () => {
    const book = new WatchBook();
    book.open('sample-controller', opened('w1', { streamingList: true }));
    book.event({ type: 'watch-event', seq: 2, time: 1_001, watchId: 'w1', event: 'ADDED', resourceVersion: '10', initial: true });
    book.event({ type: 'watch-event', seq: 3, time: 1_002, watchId: 'w1', event: 'ADDED', resourceVersion: '11', initial: true });
    book.event({ type: 'watch-event', seq: 4, time: 1_003, watchId: 'w1', event: 'BOOKMARK', resourceVersion: '12' });
    const [watch] = watchesOf(book, 'sample-controller');
    expect(watch).toMatchObject({ streamingList: true, initialEvents: 2, lastResourceVersion: '12', events: { added: 2, bookmarks: 1 } });
    expect(watch!.startResourceVersion).toBeUndefined();
  });

  it('keeps the resourceVersion a streaming list must not be older than', () => {
    const book = new WatchBook();
    book.open('kube-rs', opened('w1', { streamingList: true, resourceVersion: '42' }));
    expect(watchesOf(book, 'kube-rs')[0]).toMatchObject({ streamingList: true, startResourceVersion: '42' });
  });

  it('does not call a classic watch after a LIST a streaming list', () => {
    const book = new WatchBook();
    book.listed('client-go', 'foos');
    book.open('client-go', opened('w1', { resourceVersion: '7' }));
    const [watch] = watchesOf(book, 'client-go');
    expect(watch!.streamingList).toBeUndefined();
    expect(watch!.startResourceVersion).toBe('7');
  });

  it('still says a closed watch was a streaming list', () => {
    const book = new WatchBook();
    book.open('sample-controller', opened('w1', { streamingList: true }));
    book.close({ type: 'watch-close', seq: 2, time: 2_000, watchId: 'w1', reason: 'timeout', events: 0 });
    expect(watchesOf(book, 'sample-controller')[0]).toMatchObject({ streamingList: true, closedAt: 2_000, closeReason: 'timeout' });
  });

  it('keeps the newest closed watches of all clients within its limit, and counts the ones it dropped', () => {
    const book = new WatchBook({ closed: 3, closedPerClient: 2 });
    for (const [i, client] of ['a', 'a', 'a', 'b', 'c'].entries()) {
      book.open(client, opened(`w${i}`));
      book.close({ type: 'watch-close', seq: 10 + i, time: 2_000 + i, watchId: `w${i}`, reason: 'client', events: 0 });
    }
    const kept = book.summaries().flatMap((s) => s.watches.map((w) => w.watchId));
    expect(kept.sort()).toEqual(['w2', 'w3', 'w4']);
    expect(book.dropped).toBe(2);
  });

  it('follows at most its limit of open watches, forgetting the oldest', () => {
    const book = new WatchBook({ open: 2 });
    for (const id of ['w1', 'w2', 'w3']) book.open('a', opened(id));
    expect(book.clientOf('w1')).toBeUndefined();
    expect(book.heldByClient().get('a')).toBe(2);
    expect(book.dropped).toBe(1);
  });

  it("drops a forgotten client's closed watches and LISTs", () => {
    const book = new WatchBook();
    book.open('a', opened('w1'));
    book.close({ type: 'watch-close', seq: 2, time: 2_000, watchId: 'w1', reason: 'client', events: 0 });
    book.listed('a', 'foos');
    book.forget('a');
    expect(book.summaries()).toEqual([]);
  });
});

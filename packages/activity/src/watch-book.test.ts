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
});

import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock/fake-clock.ts';
import { WorkQueue } from './queue.ts';

const watch = (resourceVersion: string) => ({ reason: 'watch', event: 'MODIFIED', resourceVersion }) as const;

describe('WorkQueue', () => {
  it('hands keys out in the order they were added', async () => {
    const q = new WorkQueue();
    q.add('ns/a');
    q.add('ns/b');
    q.add('ns/c');
    expect((await q.get())?.key).toBe('ns/a');
    expect((await q.get())?.key).toBe('ns/b');
    expect((await q.get())?.key).toBe('ns/c');
  });

  it('merges an add of a queued key into it and keeps both triggers', async () => {
    const q = new WorkQueue();
    expect(q.add('ns/a', watch('1'))).toBe('queued');
    expect(q.add('ns/a', watch('2'))).toBe('merged');
    expect(q.len()).toBe(1);
    const item = await q.get();
    expect(item?.triggers.map((t) => t.resourceVersion)).toEqual(['1', '2']);
  });

  it('re-queues a key that was added while it was processing, once done', async () => {
    const q = new WorkQueue();
    q.add('ns/a', watch('1'));
    const first = await q.get();
    expect(q.add('ns/a', watch('2'))).toBe('dirty');
    expect(q.add('ns/a', watch('3'))).toBe('merged');
    expect(q.len()).toBe(0);
    q.done(first!.key);
    expect(q.len()).toBe(1);
    const second = await q.get();
    expect(second?.triggers.map((t) => t.resourceVersion)).toEqual(['2', '3']);
  });

  it('never hands a processing key to a second worker', async () => {
    const q = new WorkQueue();
    q.add('ns/a');
    await q.get(0);
    q.add('ns/a');
    let second: string | undefined;
    void q.get(1).then((item) => (second = item?.key));
    await FakeClock.settle();
    expect(second).toBeUndefined();
    q.done('ns/a');
    await FakeClock.settle();
    expect(second).toBe('ns/a');
  });

  it('makes get wait until a key is added', async () => {
    const q = new WorkQueue();
    const pending = q.get();
    q.add('ns/late');
    expect((await pending)?.key).toBe('ns/late');
  });

  it('keeps the first triggers of a hot key and counts the rest', async () => {
    const q = new WorkQueue({ maxTriggersPerKey: 2 });
    for (let rv = 1; rv <= 5; rv++) q.add('ns/hot', watch(String(rv)));
    const item = await q.get();
    expect(item?.triggers.map((t) => t.resourceVersion)).toEqual(['1', '2']);
    expect(item?.droppedTriggers).toBe(3);
  });

  it('counts one add for a batch of triggers', async () => {
    const q = new WorkQueue();
    expect(q.addTriggers('ns/a', [watch('1'), watch('2')], 4)).toBe('queued');
    const item = await q.get();
    expect(item?.triggers).toHaveLength(2);
    expect(item?.droppedTriggers).toBe(4);
    expect(q.snapshot().counters.adds).toBe(1);
  });

  it('shows queued, processing and dirty keys with their times, workers and counters', async () => {
    const clock = new FakeClock(1000);
    const q = new WorkQueue({ name: 'dojo', clock });
    q.add('ns/a', watch('1'));
    clock.step(10);
    q.add('ns/b');
    q.add('ns/b');
    clock.step(10);
    await q.get(3);
    q.add('ns/a', watch('2'));

    const snap = q.snapshot();
    expect(snap.name).toBe('dojo');
    expect(snap.depth).toBe(1);
    expect(snap.queued).toEqual([{ key: 'ns/b', since: 1010, triggers: [], droppedTriggers: 0 }]);
    expect(snap.processing).toEqual([{ key: 'ns/a', worker: 3, startedAt: 1020, dirty: true }]);
    expect(snap.dirty).toEqual([{ key: 'ns/a', since: 1020, triggers: [watch('2')], droppedTriggers: 0 }]);
    expect(snap.counters).toEqual({ adds: 4, merged: 1, gets: 1, dones: 0 });
  });

  it('ignores done for a key that is not processing', () => {
    const q = new WorkQueue();
    q.add('ns/a');
    q.done('ns/a');
    expect(q.len()).toBe(1);
  });

  it('resolves an aborted get with nothing and leaves the key for the next worker', async () => {
    const q = new WorkQueue();
    const abort = new AbortController();
    const aborted = q.get(0, abort.signal);
    abort.abort();
    expect(await aborted).toBeUndefined();
    q.add('ns/a');
    expect((await q.get(1))?.key).toBe('ns/a');
  });

  describe('shutdown', () => {
    it('ignores new adds but still hands out what was queued, then nothing', async () => {
      const q = new WorkQueue();
      q.add('ns/a');
      q.shutDown();
      expect(q.add('ns/b')).toBe('shutdown');
      expect((await q.get())?.key).toBe('ns/a');
      expect(await q.get()).toBeUndefined();
      expect(q.shuttingDown()).toBe(true);
    });

    it('releases workers waiting in get', async () => {
      const q = new WorkQueue();
      const waiting = q.get();
      q.shutDown();
      expect(await waiting).toBeUndefined();
    });

    it('drains: shutDownWithDrain resolves only after keys in flight are done', async () => {
      const q = new WorkQueue();
      q.add('ns/a');
      await q.get();
      let drained = false;
      void q.shutDownWithDrain().then(() => (drained = true));
      await FakeClock.settle();
      expect(drained).toBe(false);
      q.done('ns/a');
      await FakeClock.settle();
      expect(drained).toBe(true);
    });
  });
});

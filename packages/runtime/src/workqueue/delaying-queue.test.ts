import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock/fake-clock.ts';
import { DelayingWorkQueue } from './delaying-queue.ts';

const requeueAfter = (reconcileId: string) => ({ reason: 'requeueAfter', reconcileId }) as const;

describe('DelayingWorkQueue', () => {
  it('adds a key only once its delay has passed', () => {
    const clock = new FakeClock();
    const q = new DelayingWorkQueue({ clock });
    expect(q.addAfter('ns/a', 100)).toBe('delayed');
    clock.step(99);
    expect(q.len()).toBe(0);
    clock.step(1);
    expect(q.len()).toBe(1);
  });

  it('adds at once when the delay is not positive', () => {
    const q = new DelayingWorkQueue({ clock: new FakeClock() });
    expect(q.addAfter('ns/a', 0)).toBe('queued');
    expect(q.len()).toBe(1);
  });

  it('lets the earlier of two delays win and carries both triggers', async () => {
    const clock = new FakeClock();
    const q = new DelayingWorkQueue({ clock });
    q.addAfter('ns/a', 100, requeueAfter('r1'));
    expect(q.addAfter('ns/a', 50, requeueAfter('r2'))).toBe('delay-shortened');
    clock.step(50);
    expect(q.len()).toBe(1);
    const item = await q.get();
    expect(item?.triggers.map((t) => t.reconcileId)).toEqual(['r1', 'r2']);
    q.done('ns/a');
    clock.step(100);
    expect(q.len()).toBe(0);
  });

  it('keeps the earlier delay when a later one arrives', () => {
    const clock = new FakeClock();
    const q = new DelayingWorkQueue({ clock });
    q.addAfter('ns/a', 50);
    expect(q.addAfter('ns/a', 100)).toBe('delay-merged');
    clock.step(50);
    expect(q.len()).toBe(1);
    expect(clock.hasWaiters()).toBe(false);
  });

  it('brings keys back in ready-time order', async () => {
    const clock = new FakeClock();
    const q = new DelayingWorkQueue({ clock });
    q.addAfter('ns/c', 30);
    q.addAfter('ns/a', 10);
    q.addAfter('ns/b', 20);
    clock.step(30);
    const keys = [(await q.get())?.key, (await q.get())?.key, (await q.get())?.key];
    expect(keys).toEqual(['ns/a', 'ns/b', 'ns/c']);
  });

  it('shows waiting keys with their ready times, soonest first', () => {
    const clock = new FakeClock(1000);
    const q = new DelayingWorkQueue({ clock });
    q.addAfter('ns/late', 500, requeueAfter('r1'));
    q.addAfter('ns/soon', 5);
    expect(q.snapshot().delayed).toEqual([
      { key: 'ns/soon', readyAt: 1005, triggers: [], droppedTriggers: 0 },
      { key: 'ns/late', readyAt: 1500, triggers: [requeueAfter('r1')], droppedTriggers: 0 },
    ]);
  });

  it('drops waiting keys on shutdown and leaves no timer behind', () => {
    const clock = new FakeClock();
    const q = new DelayingWorkQueue({ clock });
    q.addAfter('ns/a', 10);
    q.shutDown();
    expect(clock.hasWaiters()).toBe(false);
    expect(q.addAfter('ns/b', 10)).toBe('shutdown');
    clock.step(10);
    expect(q.len()).toBe(0);
    expect(q.snapshot().delayed).toEqual([]);
  });
});

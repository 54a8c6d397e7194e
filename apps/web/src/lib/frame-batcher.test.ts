import { describe, expect, it } from 'vitest';
import { createFrameBatcher, type FrameScheduler } from './frame-batcher.ts';

function fakeScheduler() {
  const frames = new Map<number, () => void>();
  const timers = new Map<number, () => void>();
  let next = 1;
  const scheduler: FrameScheduler = {
    requestFrame: (cb) => (frames.set(next, cb), next++),
    cancelFrame: (h) => void frames.delete(h as number),
    setTimeout: (cb) => (timers.set(next, cb), next++),
    clearTimeout: (h) => void timers.delete(h as number),
  };
  const run = (map: Map<number, () => void>) => {
    const callbacks = [...map.values()];
    map.clear();
    callbacks.forEach((cb) => cb());
  };
  return { scheduler, frame: () => run(frames), timeout: () => run(timers), frames, timers };
}

describe('createFrameBatcher', () => {
  it('delivers everything pushed between two frames in one call', () => {
    const { scheduler, frame } = fakeScheduler();
    const batches: number[][] = [];
    const batcher = createFrameBatcher<number>((items) => batches.push(items), scheduler);
    for (let i = 0; i < 1000; i++) batcher.push(i);
    batcher.pushAll([1000, 1001]);
    frame();
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(1002);
  });

  it('asks for one frame per batch, not one per item', () => {
    const { scheduler, frames } = fakeScheduler();
    const batcher = createFrameBatcher<number>(() => {}, scheduler);
    batcher.push(1);
    batcher.push(2);
    expect(frames.size).toBe(1);
  });

  it('flushes on the fallback timer when no frame comes (hidden tab)', () => {
    const { scheduler, timeout, frames } = fakeScheduler();
    const batches: number[][] = [];
    const batcher = createFrameBatcher<number>((items) => batches.push(items), scheduler);
    batcher.push(1);
    timeout();
    expect(batches).toEqual([[1]]);
    expect(frames.size).toBe(0);
  });

  it('does not deliver after cancel', () => {
    const { scheduler, frame } = fakeScheduler();
    const batches: number[][] = [];
    const batcher = createFrameBatcher<number>((items) => batches.push(items), scheduler);
    batcher.push(1);
    batcher.cancel();
    frame();
    expect(batches).toEqual([]);
  });

  it('starts a new batch after each delivery', () => {
    const { scheduler, frame } = fakeScheduler();
    const batches: number[][] = [];
    const batcher = createFrameBatcher<number>((items) => batches.push(items), scheduler);
    batcher.push(1);
    frame();
    batcher.push(2);
    frame();
    expect(batches).toEqual([[1], [2]]);
  });
});

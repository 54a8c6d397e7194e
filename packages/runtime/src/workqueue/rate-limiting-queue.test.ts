import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock/fake-clock.ts';
import { ItemExponentialFailureRateLimiter } from './rate-limiters.ts';
import { RateLimitingWorkQueue } from './rate-limiting-queue.ts';
import type { WorkqueueMetricsProvider } from './queue-metrics.ts';

function setup() {
  const clock = new FakeClock();
  const q = new RateLimitingWorkQueue({ clock, rateLimiter: new ItemExponentialFailureRateLimiter(5, 1000_000) });
  return { clock, q };
}

describe('RateLimitingWorkQueue', () => {
  it('adds a failing key back after the limiter’s delay', () => {
    const { clock, q } = setup();
    expect(q.addRateLimited('ns/a', { reason: 'error' })).toEqual({ delayMs: 5, retries: 1, outcome: 'delayed' });
    clock.step(4);
    expect(q.len()).toBe(0);
    clock.step(1);
    expect(q.len()).toBe(1);
  });

  it('counts requeues until the key is forgotten', async () => {
    const { clock, q } = setup();
    for (const expected of [5, 10, 20]) {
      expect(q.addRateLimited('ns/a').delayMs).toBe(expected);
      clock.step(expected);
      q.done((await q.get())!.key);
    }
    expect(q.numRequeues('ns/a')).toBe(3);
    q.forget('ns/a');
    expect(q.numRequeues('ns/a')).toBe(0);
    expect(q.addRateLimited('ns/a').delayMs).toBe(5);
  });

  it('shows each delayed key with its retry count', () => {
    const { q } = setup();
    q.addRateLimited('ns/a');
    q.addRateLimited('ns/a');
    q.addAfter('ns/b', 1000, { reason: 'requeueAfter' });
    expect(q.snapshot().delayed.map(({ key, readyAt, retries }) => ({ key, readyAt, retries }))).toEqual([
      { key: 'ns/a', readyAt: 5, retries: 2 },
      { key: 'ns/b', readyAt: 1000, retries: 0 },
    ]);
  });

  it('counts every delayed add as a retry in metrics, like client-go', () => {
    let retries = 0;
    const noop = { inc() {}, dec() {}, set() {}, observe() {} };
    const provider: WorkqueueMetricsProvider = {
      newDepthMetric: () => noop,
      newAddsMetric: () => noop,
      newLatencyMetric: () => noop,
      newWorkDurationMetric: () => noop,
      newUnfinishedWorkSecondsMetric: () => noop,
      newLongestRunningProcessorSecondsMetric: () => noop,
      newRetriesMetric: () => ({ inc: () => retries++ }),
    };
    const q = new RateLimitingWorkQueue({ clock: new FakeClock(), metricsProvider: provider });
    q.addRateLimited('ns/a');
    q.addAfter('ns/b', 10);
    q.add('ns/c');
    expect(retries).toBe(2);
  });
});

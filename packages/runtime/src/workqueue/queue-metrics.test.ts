import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock/fake-clock.ts';
import { WorkQueue } from './queue.ts';
import type { WorkqueueMetricsProvider } from './queue-metrics.ts';

function recordingProvider() {
  const values = { depth: 0, adds: 0, latency: [] as number[], work: [] as number[], unfinished: 0, longest: 0, retries: 0 };
  const provider: WorkqueueMetricsProvider = {
    newDepthMetric: () => ({ inc: () => values.depth++, dec: () => values.depth-- }),
    newAddsMetric: () => ({ inc: () => values.adds++ }),
    newLatencyMetric: () => ({ observe: (v) => values.latency.push(v) }),
    newWorkDurationMetric: () => ({ observe: (v) => values.work.push(v) }),
    newUnfinishedWorkSecondsMetric: () => ({ set: (v) => (values.unfinished = v) }),
    newLongestRunningProcessorSecondsMetric: () => ({ set: (v) => (values.longest = v) }),
    newRetriesMetric: () => ({ inc: () => values.retries++ }),
  };
  return { provider, values };
}

describe('workqueue metrics', () => {
  it('counts only adds that were not merged, like client-go', () => {
    const { provider, values } = recordingProvider();
    const q = new WorkQueue({ metricsProvider: provider });
    q.add('ns/a');
    q.add('ns/a');
    q.add('ns/b');
    expect(values).toMatchObject({ adds: 2, depth: 2 });
  });

  it('observes queue latency and work duration in seconds', async () => {
    const clock = new FakeClock();
    const { provider, values } = recordingProvider();
    const q = new WorkQueue({ metricsProvider: provider, clock });
    q.add('ns/a');
    clock.step(250);
    await q.get();
    expect(values.depth).toBe(0);
    clock.step(1500);
    q.done('ns/a');
    expect(values.latency).toEqual([0.25]);
    expect(values.work).toEqual([1.5]);
  });

  it('refreshes unfinished work every 500 ms while keys are in flight, then stops', async () => {
    const clock = new FakeClock();
    const { provider, values } = recordingProvider();
    const q = new WorkQueue({ metricsProvider: provider, clock });
    q.add('ns/a');
    q.add('ns/b');
    await q.get();
    clock.step(500);
    await q.get();
    clock.step(500);
    expect(values.unfinished).toBeCloseTo(1.5);
    expect(values.longest).toBeCloseTo(1);
    q.done('ns/a');
    q.done('ns/b');
    clock.step(500);
    expect(values).toMatchObject({ unfinished: 0, longest: 0 });
    expect(clock.hasWaiters()).toBe(false);
  });
});

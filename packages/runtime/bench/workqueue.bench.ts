/**
 * Workqueue throughput: add + get + done cycles per second, in process, on the real clock
 * (whose `now()` is on the hot path twice per cycle).
 *
 *   node --import tsx packages/runtime/bench/workqueue.bench.ts          one JSON object
 *   node --import tsx packages/runtime/bench/workqueue.bench.ts --all    one JSON line per variant
 *
 * Each variant warms up, then runs several timed rounds; it reports the median, min and max.
 */
import { realClock } from '../src/clock/clock.ts';
import { createRuntimeMetrics } from '../src/metrics/runtime-metrics.ts';
import { WorkQueue, type Queue } from '../src/workqueue/queue.ts';
import { RateLimitingWorkQueue } from '../src/workqueue/rate-limiting-queue.ts';
import type { Trigger } from '../src/workqueue/trigger.ts';

interface BenchResult {
  name: string;
  runs: number;
  median: number;
  min: number;
  max: number;
  unit: string;
}

const cyclesPerRun = 1_000_000;
const warmupCycles = 300_000;
const runs = 7;
const keys = Array.from({ length: 1024 }, (_, i) => `bench/object-${i}`);
const trigger: Trigger = { reason: 'watch', event: 'MODIFIED', kind: 'Dojo', resourceVersion: '42' };

async function cycles(queue: Queue, n: number, withTrigger: boolean): Promise<void> {
  for (let i = 0; i < n; i++) {
    const key = keys[i & 1023]!;
    queue.add(key, withTrigger ? trigger : undefined);
    const item = await queue.get(0);
    queue.done(item!.key);
  }
}

async function measure(name: string, makeQueue: () => Queue, withTrigger = false): Promise<BenchResult> {
  await cycles(makeQueue(), warmupCycles, withTrigger);
  const rates: number[] = [];
  for (let run = 0; run < runs; run++) {
    const queue = makeQueue();
    const started = realClock.now();
    await cycles(queue, cyclesPerRun, withTrigger);
    rates.push(cyclesPerRun / ((realClock.now() - started) / 1000));
  }
  rates.sort((a, b) => a - b);
  const round = (x: number): number => Math.round(x);
  return { name, runs, median: round(rates[runs >> 1]!), min: round(rates[0]!), max: round(rates[runs - 1]!), unit: 'cycles/s' };
}

const headline = () => measure('workqueue add+get+done', () => new WorkQueue());

if (process.argv.includes('--all')) {
  const metrics = createRuntimeMetrics();
  const variants = [
    headline,
    () => measure('workqueue add(trigger)+get+done', () => new WorkQueue(), true),
    () => measure('rate-limiting workqueue add+get+done', () => new RateLimitingWorkQueue()),
    () => measure('workqueue add+get+done with prometheus metrics', () => new WorkQueue({ name: 'bench', metricsProvider: metrics.workqueue })),
  ];
  for (const variant of variants) console.log(JSON.stringify(await variant()));
} else {
  console.log(JSON.stringify(await headline()));
}

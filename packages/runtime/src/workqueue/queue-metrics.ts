/**
 * Workqueue metrics, behind client-go's `MetricsProvider` so the queue does not know about
 * Prometheus (metrics/ implements the provider with prom-client and controller-runtime's names).
 * Durations are observed in seconds, as client-go does.
 */
import type { Clock, Timer } from '../clock/clock.ts';

export interface GaugeMetric {
  inc(): void;
  dec(): void;
}

export interface SettableGaugeMetric {
  set(value: number): void;
}

export interface CounterMetric {
  inc(): void;
}

export interface HistogramMetric {
  observe(value: number): void;
}

export interface WorkqueueMetricsProvider {
  newDepthMetric(name: string): GaugeMetric;
  newAddsMetric(name: string): CounterMetric;
  newLatencyMetric(name: string): HistogramMetric;
  newWorkDurationMetric(name: string): HistogramMetric;
  newUnfinishedWorkSecondsMetric(name: string): SettableGaugeMetric;
  newLongestRunningProcessorSecondsMetric(name: string): SettableGaugeMetric;
  newRetriesMetric(name: string): CounterMetric;
}

const noopMetric = { inc() {}, dec() {}, set() {}, observe() {} };

export const noopWorkqueueMetricsProvider: WorkqueueMetricsProvider = {
  newDepthMetric: () => noopMetric,
  newAddsMetric: () => noopMetric,
  newLatencyMetric: () => noopMetric,
  newWorkDurationMetric: () => noopMetric,
  newUnfinishedWorkSecondsMetric: () => noopMetric,
  newLongestRunningProcessorSecondsMetric: () => noopMetric,
  newRetriesMetric: () => noopMetric,
};

// client-go refreshes the unfinished-work gauges every 500 ms.
const unfinishedWorkPeriodMs = 500;

/**
 * The metric side of one queue (client-go's `defaultQueueMetrics`). The queue already keeps
 * each key's enqueue and start times, so this holds no per-key maps of its own; it asks the
 * queue for the start times of the keys in flight when it refreshes the unfinished-work gauges.
 */
export class QueueMetrics {
  /** False for the no-op provider, so the queue can skip reading the clock for it. */
  readonly enabled: boolean;
  readonly #depth: GaugeMetric;
  readonly #adds: CounterMetric;
  readonly #latency: HistogramMetric;
  readonly #workDuration: HistogramMetric;
  readonly #unfinished: SettableGaugeMetric;
  readonly #longest: SettableGaugeMetric;
  readonly #clock: Clock;
  readonly #startTimes: () => Iterable<number>;
  #refresh: Timer | undefined;

  constructor(name: string, provider: WorkqueueMetricsProvider, clock: Clock, startTimes: () => Iterable<number>) {
    this.enabled = provider !== noopWorkqueueMetricsProvider;
    this.#depth = provider.newDepthMetric(name);
    this.#adds = provider.newAddsMetric(name);
    this.#latency = provider.newLatencyMetric(name);
    this.#workDuration = provider.newWorkDurationMetric(name);
    this.#unfinished = provider.newUnfinishedWorkSecondsMetric(name);
    this.#longest = provider.newLongestRunningProcessorSecondsMetric(name);
    this.#clock = clock;
    this.#startTimes = startTimes;
  }

  added(): void {
    this.#depth.inc();
    this.#adds.inc();
  }

  handedOut(waitedMs: number): void {
    this.#depth.dec();
    this.#latency.observe(waitedMs / 1000);
  }

  finished(workedMs: number): void {
    this.#workDuration.observe(workedMs / 1000);
  }

  /**
   * Called whenever the number of keys in flight changes. The refresh timer runs while keys are
   * in flight and stops at the first refresh that finds none (so an idle queue keeps no timer,
   * and a FakeClock goes quiet); it is not cancelled on every change, which would cost a timer
   * per key on a busy queue.
   */
  inFlight(count: number): void {
    if (this.enabled && count > 0 && !this.#refresh) {
      this.#refresh = this.#clock.setTimer(unfinishedWorkPeriodMs, () => this.#tick());
    }
  }

  #tick(): void {
    const now = this.#clock.now();
    let total = 0;
    let oldest = 0;
    let inFlight = false;
    for (const started of this.#startTimes()) {
      const age = (now - started) / 1000;
      total += age;
      if (age > oldest) oldest = age;
      inFlight = true;
    }
    this.#unfinished.set(total);
    this.#longest.set(oldest);
    this.#refresh = inFlight ? this.#clock.setTimer(unfinishedWorkPeriodMs, () => this.#tick()) : undefined;
  }
}

/**
 * client-go's workqueue metrics with controller-runtime's names and labels (`name` and
 * `controller`, both the controller's name), on a given prom-client registry.
 */
import { Counter, Gauge, Histogram, exponentialBuckets, type Registry } from 'prom-client';
import type { CounterMetric, GaugeMetric, HistogramMetric, SettableGaugeMetric, WorkqueueMetricsProvider } from '../workqueue/queue-metrics.ts';

type Labels = 'name' | 'controller';
const labelNames: Labels[] = ['name', 'controller'];

// controller-runtime: prometheus.ExponentialBuckets(10e-9, 10, 12), 10 ns to 1000 s.
const durationBuckets = exponentialBuckets(10e-9, 10, 12);

export class PromWorkqueueMetricsProvider implements WorkqueueMetricsProvider {
  readonly #depth: Gauge<Labels>;
  readonly #adds: Counter<Labels>;
  readonly #latency: Histogram<Labels>;
  readonly #workDuration: Histogram<Labels>;
  readonly #unfinished: Gauge<Labels>;
  readonly #longest: Gauge<Labels>;
  readonly #retries: Counter<Labels>;

  constructor(registry: Registry) {
    const registers = [registry];
    this.#depth = new Gauge({ name: 'workqueue_depth', help: 'Current depth of workqueue', labelNames, registers });
    this.#adds = new Counter({ name: 'workqueue_adds_total', help: 'Total number of adds handled by workqueue', labelNames, registers });
    this.#latency = new Histogram({
      name: 'workqueue_queue_duration_seconds',
      help: 'How long in seconds an item stays in workqueue before being requested',
      labelNames,
      buckets: durationBuckets,
      registers,
    });
    this.#workDuration = new Histogram({
      name: 'workqueue_work_duration_seconds',
      help: 'How long in seconds processing an item from workqueue takes.',
      labelNames,
      buckets: durationBuckets,
      registers,
    });
    this.#unfinished = new Gauge({
      name: 'workqueue_unfinished_work_seconds',
      help:
        "How many seconds of work has been done that is in progress and hasn't been observed by work_duration. " +
        'Large values indicate stuck threads. One can deduce the number of stuck threads by observing the rate at which this increases.',
      labelNames,
      registers,
    });
    this.#longest = new Gauge({
      name: 'workqueue_longest_running_processor_seconds',
      help: 'How many seconds has the longest running processor for workqueue been running.',
      labelNames,
      registers,
    });
    this.#retries = new Counter({ name: 'workqueue_retries_total', help: 'Total number of retries handled by workqueue', labelNames, registers });
  }

  // Each series is created at zero, as Go's WithLabelValues does, so a queue shows up in a scrape
  // before anything happens to it.

  newDepthMetric(name: string): GaugeMetric {
    const gauge = this.#depth.labels(name, name);
    gauge.inc(0);
    return { inc: () => gauge.inc(), dec: () => gauge.dec() };
  }

  newAddsMetric(name: string): CounterMetric {
    const counter = this.#adds.labels(name, name);
    counter.inc(0);
    return { inc: () => counter.inc() };
  }

  newLatencyMetric(name: string): HistogramMetric {
    this.#latency.zero({ name, controller: name });
    return this.#latency.labels(name, name);
  }

  newWorkDurationMetric(name: string): HistogramMetric {
    this.#workDuration.zero({ name, controller: name });
    return this.#workDuration.labels(name, name);
  }

  newUnfinishedWorkSecondsMetric(name: string): SettableGaugeMetric {
    const gauge = this.#unfinished.labels(name, name);
    gauge.inc(0);
    return gauge;
  }

  newLongestRunningProcessorSecondsMetric(name: string): SettableGaugeMetric {
    const gauge = this.#longest.labels(name, name);
    gauge.inc(0);
    return gauge;
  }

  newRetriesMetric(name: string): CounterMetric {
    const counter = this.#retries.labels(name, name);
    counter.inc(0);
    return { inc: () => counter.inc() };
  }
}

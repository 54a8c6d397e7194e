/**
 * All of the runtime's Prometheus metrics on one registry of their own. Each process (and each
 * test) creates its own, so nothing touches prom-client's global default registry and two
 * instances never collide over a metric name.
 */
import { Registry } from 'prom-client';
import type { ControllerMetrics, ControllerMetricsProvider } from '../controller/controller-metrics.ts';
import type { WorkqueueMetricsProvider } from '../workqueue/queue-metrics.ts';
import { PromControllerMetricFamilies } from './controller-metrics.ts';
import { PromRestClientMetrics, type RestClientMetrics } from './rest-client-metrics.ts';
import { PromWorkqueueMetricsProvider } from './workqueue-metrics.ts';

export interface RuntimeMetrics extends ControllerMetricsProvider {
  readonly registry: Registry;
  readonly workqueue: WorkqueueMetricsProvider;
  readonly restClient: RestClientMetrics;
  forController(name: string): ControllerMetrics;
  /** The Prometheus text exposition of every metric, for `/metrics`. */
  scrape(): Promise<string>;
  readonly contentType: string;
}

export function createRuntimeMetrics(): RuntimeMetrics {
  const registry = new Registry();
  const controllers = new PromControllerMetricFamilies(registry);
  return {
    registry,
    workqueue: new PromWorkqueueMetricsProvider(registry),
    restClient: new PromRestClientMetrics(registry),
    forController: (name) => controllers.forController(name),
    scrape: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

/**
 * controller-runtime's controller metrics (`pkg/internal/controller/metrics`), names, help and
 * buckets as controller-runtime registers them, on a given prom-client registry.
 */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { ControllerMetrics, ReconcileTotalResult } from '../controller/controller-metrics.ts';

const reconcileTimeBuckets = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5, 6, 7, 8,
  9, 10, 15, 20, 25, 30, 40, 50, 60,
];

const results: readonly ReconcileTotalResult[] = ['success', 'error', 'requeue', 'requeue_after'];

/** The registry-wide metric families; `forController` binds them to one controller. */
export class PromControllerMetricFamilies {
  readonly #total: Counter<'controller' | 'result'>;
  readonly #errors: Counter<'controller'>;
  readonly #terminal: Counter<'controller'>;
  readonly #panics: Counter<'controller'>;
  readonly #time: Histogram<'controller'>;
  readonly #maxConcurrent: Gauge<'controller'>;
  readonly #active: Gauge<'controller'>;

  constructor(registry: Registry) {
    const registers = [registry];
    const labelNames = ['controller'] as const;
    this.#total = new Counter({
      name: 'controller_runtime_reconcile_total',
      help: 'Total number of reconciliations per controller',
      labelNames: ['controller', 'result'] as const,
      registers,
    });
    this.#errors = new Counter({
      name: 'controller_runtime_reconcile_errors_total',
      help: 'Total number of reconciliation errors per controller',
      labelNames,
      registers,
    });
    this.#terminal = new Counter({
      name: 'controller_runtime_terminal_reconcile_errors_total',
      help: 'Total number of terminal reconciliation errors per controller',
      labelNames,
      registers,
    });
    this.#panics = new Counter({
      name: 'controller_runtime_reconcile_panics_total',
      help: 'Total number of reconciliation panics per controller',
      labelNames,
      registers,
    });
    this.#time = new Histogram({
      name: 'controller_runtime_reconcile_time_seconds',
      help: 'Length of time per reconciliation per controller',
      labelNames,
      buckets: reconcileTimeBuckets,
      registers,
    });
    this.#maxConcurrent = new Gauge({
      name: 'controller_runtime_max_concurrent_reconciles',
      help: 'Maximum number of concurrent reconciles per controller',
      labelNames,
      registers,
    });
    this.#active = new Gauge({ name: 'controller_runtime_active_workers', help: 'Number of currently used workers per controller', labelNames, registers });
  }

  forController(name: string): ControllerMetrics {
    // Like controller-runtime's initMetrics: every series exists at 0 before the first reconcile.
    for (const result of results) this.#total.labels(name, result).inc(0);
    for (const counter of [this.#errors, this.#terminal, this.#panics]) counter.labels(name).inc(0);
    this.#active.labels(name).set(0);
    const time = this.#time.labels(name);
    const active = this.#active.labels(name);
    return {
      reconciled: (result) => this.#total.labels(name, result).inc(),
      reconcileError: () => this.#errors.labels(name).inc(),
      terminalReconcileError: () => this.#terminal.labels(name).inc(),
      reconcilePanic: () => this.#panics.labels(name).inc(),
      reconcileTime: (seconds) => time.observe(seconds),
      maxConcurrentReconciles: (n) => this.#maxConcurrent.labels(name).set(n),
      activeWorkers: (delta) => active.inc(delta),
    } satisfies ControllerMetrics;
  }
}

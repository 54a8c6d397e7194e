/**
 * The metrics a controller reports, behind an interface so the controller does not know about
 * Prometheus; metrics/ implements it with controller-runtime's names.
 */
import { noopWorkqueueMetricsProvider, type WorkqueueMetricsProvider } from '../workqueue/queue-metrics.ts';

/** controller-runtime's `result` label values of controller_runtime_reconcile_total. */
export type ReconcileTotalResult = 'success' | 'error' | 'requeue' | 'requeue_after';

/** One controller's metrics (its name is already bound). */
export interface ControllerMetrics {
  reconciled(result: ReconcileTotalResult): void;
  reconcileError(): void;
  terminalReconcileError(): void;
  reconcilePanic(): void;
  reconcileTime(seconds: number): void;
  maxConcurrentReconciles(n: number): void;
  activeWorkers(delta: 1 | -1): void;
}

export interface ControllerMetricsProvider {
  readonly workqueue: WorkqueueMetricsProvider;
  forController(name: string): ControllerMetrics;
}

const noopControllerMetrics: ControllerMetrics = {
  reconciled() {},
  reconcileError() {},
  terminalReconcileError() {},
  reconcilePanic() {},
  reconcileTime() {},
  maxConcurrentReconciles() {},
  activeWorkers() {},
};

export const noopControllerMetricsProvider: ControllerMetricsProvider = {
  workqueue: noopWorkqueueMetricsProvider,
  forController: () => noopControllerMetrics,
};

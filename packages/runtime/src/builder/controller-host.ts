/**
 * What a builder needs from the process that will run its controller (the Manager): the
 * shared informers, the journal, the clock, metrics, and a place to register the controller.
 */
import type { Clock } from '../clock/clock.ts';
import type { Controller } from '../controller/controller.ts';
import type { ControllerMetricsProvider } from '../controller/controller-metrics.ts';
import type { InformerFactory } from '../informer/informer-factory.ts';
import type { PredicateCounts } from '../predicate/counting-predicate.ts';
import type { Journal } from '../telemetry/journal.ts';
import type { Relation } from './enqueue-handlers.ts';

/** One watch feeding a controller, with how many of its events the predicates dropped. */
export interface WatchSource {
  readonly relation: Relation;
  readonly kind: string;
  readonly resource: string;
  counts(): PredicateCounts;
}

export interface ControllerHost {
  readonly informers: InformerFactory;
  readonly journal: Journal;
  readonly clock: Clock;
  readonly controllerMetrics?: ControllerMetricsProvider;
  /** Registers a built controller; the host starts and stops it. */
  add(controller: Controller, sources?: readonly WatchSource[]): void;
}

/**
 * controller-runtime's metrics in one exposition, per controller: the workqueue families carry
 * the controller in `name` (and, since v0.15, also in `controller`), the reconcile families in
 * `controller`. Newer versions add a `priority` label to workqueue series (the priority queue);
 * series of one controller are summed across it (the longest running processor: the longest).
 */
import type { Bucket, Exposition, HistogramSeries, Labels, Sample } from './exposition.ts';

/** Cumulative counters and buckets as scraped; `controller-figures.ts` turns two into rates. */
export interface ControllerReading {
  readonly name: string;
  readonly depth?: number;
  readonly adds?: number;
  readonly retries?: number;
  /** controller_runtime_reconcile_total by `result`. */
  readonly reconciles: Readonly<Record<string, number>>;
  readonly errors?: number;
  readonly queueDuration?: readonly Bucket[];
  readonly workDuration?: readonly Bucket[];
  readonly reconcileTime?: readonly Bucket[];
  readonly activeWorkers?: number;
  readonly maxConcurrentReconciles?: number;
  readonly longestRunningProcessorSeconds?: number;
  readonly unfinishedWorkSeconds?: number;
}

export interface TargetReading {
  /** By controller name, sorted. */
  readonly controllers: ReadonlyMap<string, ControllerReading>;
  /** rest_client_requests_total by `code`, summed over method and host. */
  readonly restClientRequests: ReadonlyMap<string, number>;
}

const controllerOf = (labels: Labels): string | undefined => labels.controller || labels.name || undefined;

type Combine = (a: number, b: number) => number;
const sum: Combine = (a, b) => a + b;

function byController(samples: readonly Sample[], combine: Combine = sum): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of samples) {
    const c = controllerOf(s.labels);
    if (c === undefined || Number.isNaN(s.value)) continue;
    const seen = out.get(c);
    out.set(c, seen === undefined ? s.value : combine(seen, s.value));
  }
  return out;
}

function bucketsByController(series: readonly HistogramSeries[]): Map<string, Bucket[]> {
  const out = new Map<string, Map<number, number>>();
  for (const s of series) {
    const c = controllerOf(s.labels);
    if (c === undefined) continue;
    const buckets = out.get(c) ?? new Map<number, number>();
    for (const b of s.buckets) buckets.set(b.le, (buckets.get(b.le) ?? 0) + b.count);
    out.set(c, buckets);
  }
  return new Map([...out].map(([c, buckets]) => [c, [...buckets].map(([le, count]) => ({ le, count })).sort((a, b) => a.le - b.le)]));
}

export function readControllers(exposition: Exposition): TargetReading {
  const gauge = (name: string, combine?: Combine) => byController(exposition.samples(name), combine);
  const depth = gauge('workqueue_depth');
  const adds = gauge('workqueue_adds_total');
  const retries = gauge('workqueue_retries_total');
  const errors = gauge('controller_runtime_reconcile_errors_total');
  const active = gauge('controller_runtime_active_workers');
  const maxConcurrent = gauge('controller_runtime_max_concurrent_reconciles');
  const longest = gauge('workqueue_longest_running_processor_seconds', Math.max);
  const unfinished = gauge('workqueue_unfinished_work_seconds');
  const queueDuration = bucketsByController(exposition.histograms('workqueue_queue_duration_seconds'));
  const workDuration = bucketsByController(exposition.histograms('workqueue_work_duration_seconds'));
  const reconcileTime = bucketsByController(exposition.histograms('controller_runtime_reconcile_time_seconds'));
  const reconciles = new Map<string, Record<string, number>>();
  for (const s of exposition.samples('controller_runtime_reconcile_total')) {
    const c = controllerOf(s.labels);
    if (c === undefined || !s.labels.result) continue;
    const byResult = reconciles.get(c) ?? {};
    byResult[s.labels.result] = (byResult[s.labels.result] ?? 0) + s.value;
    reconciles.set(c, byResult);
  }
  const names = new Set([
    ...depth.keys(),
    ...adds.keys(),
    ...reconciles.keys(),
    ...active.keys(),
    ...maxConcurrent.keys(),
    ...queueDuration.keys(),
    ...reconcileTime.keys(),
  ]);
  const controllers = new Map<string, ControllerReading>();
  for (const name of [...names].sort()) {
    const optional = <T>(key: string, map: ReadonlyMap<string, T>) => (map.has(name) ? { [key]: map.get(name)! } : {});
    controllers.set(name, {
      name,
      reconciles: reconciles.get(name) ?? {},
      ...optional('depth', depth),
      ...optional('adds', adds),
      ...optional('retries', retries),
      ...optional('errors', errors),
      ...optional('queueDuration', queueDuration),
      ...optional('workDuration', workDuration),
      ...optional('reconcileTime', reconcileTime),
      ...optional('activeWorkers', active),
      ...optional('maxConcurrentReconciles', maxConcurrent),
      ...optional('longestRunningProcessorSeconds', longest),
      ...optional('unfinishedWorkSeconds', unfinished),
    });
  }
  const restClientRequests = new Map<string, number>();
  for (const s of exposition.samples('rest_client_requests_total')) {
    const code = s.labels.code ?? '';
    restClientRequests.set(code, (restClientRequests.get(code) ?? 0) + s.value);
  }
  return { controllers, restClientRequests };
}

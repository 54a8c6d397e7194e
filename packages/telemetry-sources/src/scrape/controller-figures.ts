/**
 * What the console shows of a scraped controller: two readings (the last two good scrapes)
 * turned into rates and windowed quantiles, gauges as read. Without a previous reading (the
 * target's first scrape) there are no rates and no quantiles yet. A series missing from the
 * previous reading was created since (client_golang and prom-client only expose a labelled
 * series once it is first used), so it counts from zero.
 */
import type { DurationQuantiles, RestClientRequests, ScrapedController } from '@dojo/console-protocol';
import { ratePerSecond } from './counter-rate.ts';
import type { Bucket } from './exposition.ts';
import { bucketIncrease, histogramQuantile } from './histogram-quantile.ts';
import type { ControllerReading } from './controller-readings.ts';

export type ControllerFigures = Omit<ScrapedController, 'depthHistory'>;

function rate(first: boolean, previous: number | undefined, current: number | undefined, seconds: number): number | undefined {
  return first || current === undefined ? undefined : ratePerSecond(previous ?? 0, current, seconds);
}

function quantiles(first: boolean, previous: readonly Bucket[] | undefined, current: readonly Bucket[] | undefined): DurationQuantiles {
  if (first || !current) return {};
  const window = bucketIncrease(previous ?? [], current);
  const p50 = histogramQuantile(0.5, window);
  const p99 = histogramQuantile(0.99, window);
  return { ...(p50 !== undefined ? { p50 } : {}), ...(p99 !== undefined ? { p99 } : {}) };
}

const present = <K extends string>(key: K, value: number | undefined): Partial<Record<K, number>> =>
  value === undefined ? {} : ({ [key]: value } as Record<K, number>);

/** `seconds` between the two readings; `previous` is 'first-scrape' when the target has none. */
export function controllerFigures(previous: ControllerReading | 'first-scrape' | undefined, current: ControllerReading, seconds: number): ControllerFigures {
  const first = previous === 'first-scrape';
  const before = first ? undefined : previous;
  const reconcilesPerSecond: Record<string, number> = {};
  for (const [result, total] of Object.entries(current.reconciles)) {
    const r = rate(first, before?.reconciles[result], total, seconds);
    if (r !== undefined) reconcilesPerSecond[result] = r;
  }
  return {
    name: current.name,
    reconcilesPerSecond,
    queueDuration: quantiles(first, before?.queueDuration, current.queueDuration),
    workDuration: quantiles(first, before?.workDuration, current.workDuration),
    reconcileTime: quantiles(first, before?.reconcileTime, current.reconcileTime),
    ...present('depth', current.depth),
    ...present('addsPerSecond', rate(first, before?.adds, current.adds, seconds)),
    ...present('retriesPerSecond', rate(first, before?.retries, current.retries, seconds)),
    ...present('errorsPerSecond', rate(first, before?.errors, current.errors, seconds)),
    ...present('activeWorkers', current.activeWorkers),
    ...present('maxConcurrentReconciles', current.maxConcurrentReconciles),
    ...present('longestRunningProcessorSeconds', current.longestRunningProcessorSeconds),
    ...present('unfinishedWorkSeconds', current.unfinishedWorkSeconds),
  };
}

/** `previous` is undefined on the target's first scrape. */
export function restClientFigures(
  previous: ReadonlyMap<string, number> | undefined,
  current: ReadonlyMap<string, number>,
  seconds: number,
): RestClientRequests[] {
  return [...current]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, total]) => ({ code, total, ...present('perSecond', rate(!previous, previous?.get(code), total, seconds)) }));
}

import type { ControllerSummary } from '@dojo/console-protocol';
/**
 * The last couple of minutes of each controller's metrics, one sample per `metrics` message
 * (the server sends one a second): the source of the sparklines and the depth-over-time chart.
 */

export interface MetricsSample {
  time: number;
  depth: number;
  ratePerSecond: number;
  busy: number;
  errorRate: number;
  p99Ms: number;
}

export type MetricsHistory = Readonly<Record<string, readonly MetricsSample[]>>;

export const historyLength = 120;

export function appendSamples(history: MetricsHistory, controllers: readonly ControllerSummary[], time: number, cap = historyLength): MetricsHistory {
  const next: Record<string, readonly MetricsSample[]> = { ...history };
  for (const c of controllers) {
    const sample: MetricsSample = { time, depth: c.depth, ratePerSecond: c.ratePerSecond, busy: c.workers.busy, errorRate: c.errorRate, p99Ms: c.p99Ms };
    const list = next[c.name] ?? [];
    next[c.name] = list.length >= cap ? [...list.slice(list.length - cap + 1), sample] : [...list, sample];
  }
  return next;
}

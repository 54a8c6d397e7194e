/** The summary statistics every benchmark here reports, computed one way. */

/** The nearest-rank percentile of values sorted ascending (0 when there are none). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function round(x: number, digits = 1): number {
  return Number(x.toFixed(digits));
}

export interface Distribution {
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export function distribution(values: readonly number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  return { count: sorted.length, p50Ms: round(percentile(sorted, 50), 2), p99Ms: round(percentile(sorted, 99), 2), maxMs: round(sorted.at(-1) ?? 0, 2) };
}

/** Median and spread of one measure over several runs: what the table shows. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  runs: number[];
}

export function spread(runs: readonly number[], digits = 1): Spread {
  const sorted = [...runs].sort((a, b) => a - b);
  return {
    median: round(percentile(sorted, 50), digits),
    min: round(sorted[0] ?? 0, digits),
    max: round(sorted.at(-1) ?? 0, digits),
    runs: runs.map((r) => round(r, digits)),
  };
}

/** Wall-clock epoch milliseconds with sub-millisecond resolution, comparable across processes
 * (and with a browser page's `performance.timeOrigin + performance.now()`) on one machine. */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * Quantiles from Prometheus histogram buckets, as PromQL's `histogram_quantile` computes them:
 * find the bucket the rank falls in and interpolate linearly within it (the first bucket starts
 * at 0, unless its bound is <= 0); a rank in the `+Inf` bucket answers the highest finite bound.
 * Buckets are cumulative counts; `bucketIncrease` turns two scrapes into the window between
 * them, which is what `histogram_quantile(q, rate(x_bucket[...]))` asks.
 */
import { counterIncrease } from './counter-rate.ts';
import type { Bucket } from './exposition.ts';

/** The q-quantile (0..1) of the observations in `buckets`; undefined with none or no `+Inf` bucket. */
export function histogramQuantile(q: number, buckets: readonly Bucket[]): number | undefined {
  if (q < 0 || q > 1 || Number.isNaN(q)) return undefined;
  const sorted = [...buckets].sort((a, b) => a.le - b.le);
  if (sorted.length < 2 || sorted.at(-1)!.le !== Infinity) return undefined;
  // A scrape taken while an observation was being recorded can be briefly non-monotonic; Prometheus evens it out the same way.
  let max = 0;
  const counts = sorted.map((b) => (max = Math.max(max, b.count)));
  const observations = counts.at(-1)!;
  if (observations === 0) return undefined;
  let rank = q * observations;
  const b = counts.findIndex((c) => c >= rank);
  if (b === sorted.length - 1) return sorted[b - 1]!.le;
  if (b === 0 && sorted[0]!.le <= 0) return sorted[0]!.le;
  const start = b === 0 ? 0 : sorted[b - 1]!.le;
  let inBucket = counts[b]!;
  if (b > 0) {
    inBucket -= counts[b - 1]!;
    rank -= counts[b - 1]!;
  }
  return start + (sorted[b]!.le - start) * (rank / inBucket);
}

/**
 * The observations between two scrapes of one histogram series, bucket by bucket. A smaller
 * total count, or a changed bucket layout, means the process restarted: the whole current
 * histogram is the window.
 */
export function bucketIncrease(previous: readonly Bucket[], current: readonly Bucket[]): Bucket[] {
  const before = new Map(previous.map((b) => [b.le, b.count]));
  const total = (bs: readonly Bucket[]) => bs.reduce((m, b) => Math.max(m, b.count), 0);
  const restarted = total(current) < total(previous) || current.length !== previous.length || current.some((b) => !before.has(b.le));
  if (restarted) return [...current];
  return current.map((b) => ({ le: b.le, count: counterIncrease(before.get(b.le)!, b.count) }));
}

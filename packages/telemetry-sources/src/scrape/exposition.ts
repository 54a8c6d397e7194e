/**
 * A scraped exposition as plain series: `{labels, value}` per sample of a metric name, and
 * histograms (`# TYPE … histogram`) with their buckets, sum and count joined by label set.
 * The text is read by exposition-lines.ts, within the target's `ScrapeLimits`.
 */
import { readExpositionLines, type Labels } from './exposition-lines.ts';
import { defaultScrapeLimits, type ScrapeLimits } from './scrape-limits.ts';

export type { Labels } from './exposition-lines.ts';

export interface Sample {
  readonly labels: Labels;
  readonly value: number;
}

export interface Bucket {
  /** The upper bound (`le`), `Infinity` for `+Inf`. */
  readonly le: number;
  /** Cumulative: observations <= le. */
  readonly count: number;
}

export interface HistogramSeries {
  /** The series' labels without `le`. */
  readonly labels: Labels;
  /** Sorted by `le`. */
  readonly buckets: readonly Bucket[];
  readonly sum: number;
  readonly count: number;
}

export interface Exposition {
  /** Counter, gauge or untyped samples of a metric name; none when the target does not expose it. */
  samples(name: string): readonly Sample[];
  histograms(name: string): readonly HistogramSeries[];
}

/** Parses the text format; throws on a malformed line (saying where, not what) or a passed limit. */
export function parseExposition(text: string, limits: ScrapeLimits = defaultScrapeLimits): Exposition {
  const histogramNames = new Set<string>();
  const samples = new Map<string, Sample[]>();
  readExpositionLines(text, limits, {
    type: (name, type) => {
      if (type === 'histogram') histogramNames.add(name);
    },
    sample: ({ name, labels, value }) => {
      const list = samples.get(name);
      if (list) list.push({ labels, value });
      else samples.set(name, [{ labels, value }]);
    },
  });
  const histograms = new Map<string, HistogramSeries[]>();
  for (const name of histogramNames)
    histograms.set(name, joinHistogram(samples.get(`${name}_bucket`) ?? [], samples.get(`${name}_sum`) ?? [], samples.get(`${name}_count`) ?? []));
  return {
    samples: (name) => samples.get(name) ?? [],
    histograms: (name) => histograms.get(name) ?? [],
  };
}

/** A stable key for a label set, so series of one histogram meet whatever order their labels come in. */
export function labelKey(labels: Labels): string {
  return JSON.stringify(
    Object.keys(labels)
      .sort()
      .map((k) => [k, labels[k]]),
  );
}

function joinHistogram(bucketSamples: readonly Sample[], sums: readonly Sample[], counts: readonly Sample[]): HistogramSeries[] {
  const series = new Map<string, { labels: Labels; buckets: Bucket[]; sum: number; count: number }>();
  const seriesOf = (labels: Labels) => {
    const key = labelKey(labels);
    let s = series.get(key);
    if (!s) series.set(key, (s = { labels, buckets: [], sum: 0, count: 0 }));
    return s;
  };
  for (const { labels, value } of bucketSamples) {
    const { le, ...rest } = labels;
    if (le === undefined) continue;
    seriesOf(rest).buckets.push({ le: le === '+Inf' ? Infinity : Number(le), count: value });
  }
  for (const { labels, value } of sums) seriesOf(labels).sum = value;
  for (const { labels, value } of counts) seriesOf(labels).count = value;
  return [...series.values()].map((s) => ({ ...s, buckets: s.buckets.sort((a, b) => a.le - b.le) }));
}

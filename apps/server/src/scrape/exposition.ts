/**
 * The Prometheus text format (0.0.4), read with parse-prometheus-text-format into plain
 * series: `{labels, value}` per sample, and histograms with their buckets, sum and count.
 *
 * The library (1.1.1) flattens every labelled histogram of a family into one unlabelled
 * series (upstream issue #13, fix PR #8 unmerged), and controller-runtime labels all of its
 * histograms. So histograms are declared `untyped` before parsing: the library still does the
 * tokenizing and unescaping, and returns `_bucket`, `_sum` and `_count` as families of their
 * own with their labels intact, which are joined here by label set. It also drops the last
 * sample when the text does not end in a newline, so one is appended.
 */
import parsePrometheusTextFormat, { type ParsedFamily } from 'parse-prometheus-text-format';

export type Labels = Readonly<Record<string, string>>;

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

const histogramType = /^#\s+TYPE\s+(\S+)\s+histogram\s*$/;
const metricName = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
// Go's ParseFloat, which client_golang's parser uses: decimals, exponents, NaN and ±Inf.
const sampleValue = /^[+-]?(\d+\.?\d*([eE][+-]?\d+)?|\.\d+([eE][+-]?\d+)?|Inf|NaN)$/i;

/** The library takes any two words for a sample (an HTML page parses); the format's grammar does not. */
function checkFamily(family: ParsedFamily): void {
  if (!metricName.test(family.name)) throw new Error(`not the Prometheus text format: "${family.name}" is not a metric name`);
  for (const s of family.metrics) {
    if (s.value !== undefined && !sampleValue.test(s.value)) throw new Error(`not the Prometheus text format: ${family.name} has the value "${s.value}"`);
  }
}

/** Parses the text format; throws on a malformed line. */
export function parseExposition(text: string): Exposition {
  const histogramNames = new Set<string>();
  const lines = text.split('\n').map((line) => {
    const m = histogramType.exec(line.trim());
    if (!m) return line;
    histogramNames.add(m[1]!);
    return `# TYPE ${m[1]} untyped`;
  });
  const samples = new Map<string, Sample[]>();
  for (const family of parsePrometheusTextFormat(`${lines.join('\n')}\n`)) {
    checkFamily(family);
    const list = samples.get(family.name) ?? [];
    for (const s of family.metrics) if (s.value !== undefined) list.push({ labels: s.labels ?? {}, value: Number(s.value) });
    samples.set(family.name, list);
  }
  const histograms = new Map<string, HistogramSeries[]>();
  for (const name of histogramNames) histograms.set(name, joinHistogram(samples.get(`${name}_bucket`) ?? [], samples.get(`${name}_sum`) ?? [], samples.get(`${name}_count`) ?? []));
  return {
    samples: (name) => samples.get(name) ?? [],
    histograms: (name) => histograms.get(name) ?? [],
  };
}

/** A stable key for a label set, so series of one histogram meet whatever order their labels come in. */
export function labelKey(labels: Labels): string {
  return JSON.stringify(Object.keys(labels).sort().map((k) => [k, labels[k]]));
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

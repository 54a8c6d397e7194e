/** parse-prometheus-text-format 1.1.1 ships no types; this is the shape its parser returns (values stay strings, as in prom2json). */
declare module 'parse-prometheus-text-format' {
  export interface ParsedSample {
    readonly value?: string;
    readonly labels?: Readonly<Record<string, string>>;
    readonly buckets?: Readonly<Record<string, string>>;
    readonly quantiles?: Readonly<Record<string, string>>;
    readonly count?: string;
    readonly sum?: string;
  }
  export interface ParsedFamily {
    readonly name: string;
    readonly help: string;
    readonly type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    readonly metrics: readonly ParsedSample[];
  }
  /** Throws `InvalidLineError` on a line that is not the text format. */
  export default function parsePrometheusTextFormat(text: string): ParsedFamily[];
}

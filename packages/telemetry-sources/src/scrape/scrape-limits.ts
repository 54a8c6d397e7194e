/**
 * What one scrape may bring, after Prometheus' own per-target limits (`sample_limit`,
 * `label_limit`, `label_name_length_limit`, `label_value_length_limit`, `body_size_limit`),
 * plus one of the console's: the controllers one target may expose. A scrape past a limit
 * fails whole and the target shows which limit ("sample_limit exceeded: …"), as Prometheus
 * marks such a target down: a target is untrusted input, and whatever it serves ends up in
 * memory, in `/api/scrape` and on the Overview every few seconds. The defaults are far above
 * what a controller-runtime manager exposes (a few thousand samples, tens of controllers,
 * label values of a few words).
 */
export interface ScrapeLimits {
  /** Samples (lines) in one scrape. */
  readonly sampleLimit: number;
  /** Labels of one sample. */
  readonly labelLimit: number;
  /** Characters of one label name. */
  readonly labelNameLengthLimit: number;
  /** Characters of one label value (a controller's name is one). */
  readonly labelValueLengthLimit: number;
  /** Bytes of one response. */
  readonly bodySizeLimit: number;
  /** Controllers of one target. */
  readonly controllerLimit: number;
}

export const defaultScrapeLimits: ScrapeLimits = {
  sampleLimit: 20_000,
  labelLimit: 30,
  labelNameLengthLimit: 128,
  labelValueLengthLimit: 1024,
  bodySizeLimit: 10 * 1024 * 1024,
  controllerLimit: 200,
};

/** Prometheus' names for them, which the error names. */
export type ScrapeLimitName = 'sample_limit' | 'label_limit' | 'label_name_length_limit' | 'label_value_length_limit' | 'body_size_limit' | 'controller_limit';

export class ScrapeLimitError extends Error {
  readonly limit: ScrapeLimitName;

  constructor(limit: ScrapeLimitName, detail: string) {
    super(`${limit} exceeded: ${detail}`);
    this.limit = limit;
  }
}

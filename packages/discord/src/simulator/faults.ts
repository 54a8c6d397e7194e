import { asDict, FormValidator } from './form-validator.ts';

export interface FaultSettings {
  /** Share of API requests answered with an injected 429 (scope "shared"), 0..1. */
  rate429: number;
  /** Share of API requests answered 500 before anything happens, 0..1. */
  rate5xx: number;
  /**
   * Share of successful writes whose response is replaced by a 500 after the write happened:
   * the ambiguous failure that makes `enforce_nonce` necessary for exactly-once messages.
   */
  rate5xxAfterWrite: number;
  /** Added to every API request before it is handled, in milliseconds. */
  latencyMs: number;
  /** The `retry_after` of injected 429s, in seconds. */
  retryAfterSeconds: number;
}

export type FaultKind = 'rate429' | 'rate5xx' | 'rate5xxAfterWrite';

const NO_FAULTS: FaultSettings = { rate429: 0, rate5xx: 0, rate5xxAfterWrite: 0, latencyMs: 0, retryAfterSeconds: 1 };

/**
 * The simulator's fault knobs, changeable while it runs. Draws come from a seeded generator,
 * so a test that sets a seed sees the same sequence of injected failures every run.
 */
export class Faults {
  private settings: FaultSettings;
  private random: () => number;

  constructor(options: { seed?: number; initial?: Partial<FaultSettings> } = {}) {
    this.random = mulberry32(options.seed ?? Date.now());
    this.settings = { ...NO_FAULTS };
    if (options.initial) this.set(options.initial);
  }

  get(): FaultSettings {
    return { ...this.settings };
  }

  /** Merges a partial update; throws a 50035 DiscordApiError naming any out-of-range knob. */
  set(patch: Partial<FaultSettings>): FaultSettings {
    this.settings = { ...this.settings, ...parseFaultSettings(patch) };
    return this.get();
  }

  reset(): FaultSettings {
    this.settings = { ...NO_FAULTS };
    return this.get();
  }

  reseed(seed: number): void {
    this.random = mulberry32(seed);
  }

  /** Draws once; a rate of 0 never fires and never consumes a draw. */
  fires(kind: FaultKind): boolean {
    const rate = this.settings[kind];
    return rate > 0 && this.random() < rate;
  }
}

/** Validates a (possibly partial) settings object from the wire or from code. */
export function parseFaultSettings(body: unknown): Partial<FaultSettings> {
  const form = new FormValidator(asDict(body));
  const patch: Partial<FaultSettings> = {
    rate429: form.number('rate429', { min: 0, max: 1 }),
    rate5xx: form.number('rate5xx', { min: 0, max: 1 }),
    rate5xxAfterWrite: form.number('rate5xxAfterWrite', { min: 0, max: 1 }),
    latencyMs: form.number('latencyMs', { min: 0, max: 60_000 }),
    retryAfterSeconds: form.number('retryAfterSeconds', { min: 0, max: 3600 }),
  };
  form.done();
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
}

/** A small, fast, seedable PRNG; statistical quality is ample for fault injection. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

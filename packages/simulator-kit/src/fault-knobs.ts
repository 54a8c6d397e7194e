/**
 * A simulator's fault knobs, changeable while it runs, and the seeded generator its draws come
 * from: a test that sets a seed sees the same sequence of injected failures every run. What the
 * knobs mean and how a request draws against them stays with each simulator (Discord's 429s and
 * 500s, the Kafka broker's timeouts and throttling); the keeping, validating and seeding is here.
 */
import { seededRandom } from './seeded-random.ts';

export interface FaultKnobsOptions<Settings extends object> {
  /** The settings with no fault switched on; `reset()` returns to them. */
  defaults: Settings;
  /** Validates a partial update from the wire or from code; throws the simulator's own 400. */
  parse: (patch: unknown) => Partial<Settings>;
  /** Checks a merged update across knobs (e.g. rates that must not add up past 1); throws to refuse it. */
  check?: (next: Settings) => void;
  /** Seeds the draws; the time of day when absent, so unseeded runs differ. */
  seed?: number | undefined;
  initial?: Partial<Settings> | undefined;
}

export class FaultKnobs<Settings extends object> {
  readonly #defaults: Settings;
  readonly #parse: (patch: unknown) => Partial<Settings>;
  readonly #check: ((next: Settings) => void) | undefined;
  #settings: Settings;
  #random: () => number;

  constructor(options: FaultKnobsOptions<Settings>) {
    this.#defaults = { ...options.defaults };
    this.#parse = options.parse;
    this.#check = options.check;
    this.#random = seededRandom(options.seed ?? Date.now());
    this.#settings = { ...options.defaults };
    if (options.initial) this.set(options.initial);
  }

  get(): Settings {
    return { ...this.#settings };
  }

  /** Merges a partial update; a knob out of range throws, and then nothing changes. */
  set(patch: unknown): Settings {
    const next = { ...this.#settings, ...this.#parse(patch) };
    this.#check?.(next);
    this.#settings = next;
    return this.get();
  }

  reset(): Settings {
    this.#settings = { ...this.#defaults };
    return this.get();
  }

  reseed(seed: number): void {
    this.#random = seededRandom(seed);
  }

  /** The next number of the seeded sequence, in [0, 1). Callers draw only when a rate is above 0. */
  nextRandom(): number {
    return this.#random();
  }
}

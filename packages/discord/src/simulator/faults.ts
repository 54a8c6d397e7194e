import { FaultKnobs } from '@dojo/simulator-kit';
import { asDict, FormValidator } from './form-validator.ts';

export interface DiscordFaultSettings {
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

const NO_FAULTS: DiscordFaultSettings = { rate429: 0, rate5xx: 0, rate5xxAfterWrite: 0, latencyMs: 0, retryAfterSeconds: 1 };

/**
 * Discord's fault knobs (FaultKnobs keeps, validates and seeds them). Each kind draws on its
 * own: a request can meet an injected 429, then a 500, then a 500 after its write.
 */
export class Faults extends FaultKnobs<DiscordFaultSettings> {
  constructor(options: { seed?: number | undefined; initial?: Partial<DiscordFaultSettings> | undefined } = {}) {
    super({ defaults: NO_FAULTS, parse: parseFaultSettings, ...options });
  }

  /** Draws once; a rate of 0 never fires and never consumes a draw. */
  fires(kind: FaultKind): boolean {
    const rate = this.get()[kind];
    return rate > 0 && this.nextRandom() < rate;
  }
}

/** Validates a (possibly partial) settings object from the wire or from code. */
export function parseFaultSettings(body: unknown): Partial<DiscordFaultSettings> {
  const form = new FormValidator(asDict(body));
  const patch: { [K in keyof DiscordFaultSettings]?: DiscordFaultSettings[K] | undefined } = {
    rate429: form.number('rate429', { min: 0, max: 1 }),
    rate5xx: form.number('rate5xx', { min: 0, max: 1 }),
    rate5xxAfterWrite: form.number('rate5xxAfterWrite', { min: 0, max: 1 }),
    latencyMs: form.number('latencyMs', { min: 0, max: 60_000 }),
    retryAfterSeconds: form.number('retryAfterSeconds', { min: 0, max: 3600 }),
  };
  form.done();
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
}

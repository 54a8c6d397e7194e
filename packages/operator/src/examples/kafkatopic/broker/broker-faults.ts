/**
 * The simulator's fault knobs, changeable while it runs (PUT /_sim/faults). Each admin request
 * draws once: below `errorRate` it fails 500 (a Kafka TimeoutException), below
 * `errorRate + throttleRate` it is throttled 429 with Retry-After; otherwise it goes through.
 * `unavailable` answers every admin request 503 until switched off, as when no broker is up.
 * Draws come from a seeded generator (FaultKnobs), so a seeded test sees the same sequence every run.
 */
import { FaultKnobs } from '@dojo/simulator-kit';
import { kafkaErrors } from './kafka-admin-error.ts';

export interface BrokerFaultSettings {
  /** Share of admin requests answered 500, 0..1. */
  errorRate: number;
  /** Share of admin requests answered 429 with Retry-After, 0..1. */
  throttleRate: number;
  /** Added to every admin request before it is handled, in milliseconds. */
  latencyMs: number;
  /** The Retry-After of throttled answers, in whole seconds as HTTP sends it. */
  retryAfterSeconds: number;
  /** Every admin request answered 503 BrokerNotAvailable. */
  unavailable: boolean;
}

export type FaultDraw = 'error' | 'throttle' | undefined;

const noFaults: BrokerFaultSettings = { errorRate: 0, throttleRate: 0, latencyMs: 0, retryAfterSeconds: 1, unavailable: false };

export class BrokerFaults extends FaultKnobs<BrokerFaultSettings> {
  constructor(options: { seed?: number | undefined; initial?: Partial<BrokerFaultSettings> | undefined } = {}) {
    super({
      defaults: noFaults,
      parse: parseFaultSettings,
      check: (next) => {
        if (next.errorRate + next.throttleRate > 1) throw kafkaErrors.badRequest('errorRate + throttleRate must not exceed 1');
      },
      ...options,
    });
  }

  /** One draw per request; with both rates 0 no number is consumed. */
  draw(): FaultDraw {
    const { errorRate, throttleRate } = this.get();
    if (errorRate <= 0 && throttleRate <= 0) return undefined;
    const r = this.nextRandom();
    if (r < errorRate) return 'error';
    if (r < errorRate + throttleRate) return 'throttle';
    return undefined;
  }
}

const ranges: Record<Exclude<keyof BrokerFaultSettings, 'unavailable'>, { min: number; max: number; integer?: boolean }> = {
  errorRate: { min: 0, max: 1 },
  throttleRate: { min: 0, max: 1 },
  latencyMs: { min: 0, max: 60_000 },
  retryAfterSeconds: { min: 0, max: 3600, integer: true },
};

export function parseFaultSettings(body: unknown): Partial<BrokerFaultSettings> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw kafkaErrors.badRequest('fault settings must be a JSON object');
  const patch: Partial<BrokerFaultSettings> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === 'unavailable') {
      if (typeof value !== 'boolean') throw kafkaErrors.badRequest('unavailable must be true or false');
      patch.unavailable = value;
      continue;
    }
    const range = ranges[key as keyof typeof ranges];
    if (!range) throw kafkaErrors.badRequest(`unknown fault setting ${key}; known: ${[...Object.keys(ranges), 'unavailable'].join(', ')}`);
    const ok = typeof value === 'number' && value >= range.min && value <= range.max && (!range.integer || Number.isInteger(value));
    if (!ok) throw kafkaErrors.badRequest(`${key} must be a${range.integer ? 'n integer' : ' number'} from ${range.min} to ${range.max}`);
    patch[key as keyof typeof ranges] = value;
  }
  return patch;
}

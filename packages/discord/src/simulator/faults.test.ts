import { describe, expect, it } from 'vitest';
import { DiscordApiError } from '../api-error.ts';
import { Faults } from './faults.ts';

const draws = (faults: Faults, n: number) => Array.from({ length: n }, () => faults.fires('rate5xx'));

describe('Faults', () => {
  it('starts with every knob off', () => {
    expect(new Faults().get()).toEqual({ rate429: 0, rate5xx: 0, rate5xxAfterWrite: 0, latencyMs: 0, retryAfterSeconds: 1 });
  });

  it('repeats the same sequence of injected failures for the same seed', () => {
    const a = new Faults({ seed: 42, initial: { rate5xx: 0.5 } });
    const b = new Faults({ seed: 42, initial: { rate5xx: 0.5 } });
    const sequence = draws(a, 50);
    expect(draws(b, 50)).toEqual(sequence);
    expect(sequence).toContain(true);
    expect(sequence).toContain(false);
  });

  it('fires always at rate 1 and never at rate 0', () => {
    const faults = new Faults({ seed: 7 });
    expect(draws(faults, 20)).not.toContain(true);
    faults.set({ rate5xx: 1 });
    expect(draws(faults, 20)).not.toContain(false);
  });

  it('merges partial updates and refuses out-of-range knobs without changing anything', () => {
    const faults = new Faults();
    faults.set({ rate429: 0.2 });
    faults.set({ latencyMs: 50 });
    expect(faults.get()).toMatchObject({ rate429: 0.2, latencyMs: 50 });
    expect(() => faults.set({ rate429: 1.5 })).toThrow(DiscordApiError);
    expect(faults.get().rate429).toBe(0.2);
    expect(faults.reset().rate429).toBe(0);
  });
});

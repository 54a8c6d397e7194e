import { describe, expect, it } from 'vitest';
import { FaultKnobs } from './fault-knobs.ts';

interface Knobs {
  rate: number;
  latencyMs: number;
}

const parse = (patch: unknown): Partial<Knobs> => {
  const fields = patch as Partial<Knobs>;
  if (fields.rate !== undefined && (fields.rate < 0 || fields.rate > 1)) throw new Error('rate must be from 0 to 1');
  return fields;
};

const knobs = (options: { seed?: number; initial?: Partial<Knobs>; check?: (next: Knobs) => void } = {}) =>
  new FaultKnobs<Knobs>({ defaults: { rate: 0, latencyMs: 0 }, parse, ...options });

describe('FaultKnobs', () => {
  it('starts from the defaults merged with the initial settings', () => {
    expect(knobs({ initial: { latencyMs: 5 } }).get()).toEqual({ rate: 0, latencyMs: 5 });
  });

  it('merges a partial update and answers the merged settings', () => {
    const k = knobs();
    expect(k.set({ rate: 0.5 })).toEqual({ rate: 0.5, latencyMs: 0 });
    expect(k.set({ latencyMs: 10 })).toEqual({ rate: 0.5, latencyMs: 10 });
  });

  it('changes nothing when the update is refused by parse or by check', () => {
    const k = knobs({
      check: (next) => {
        if (next.latencyMs > 100) throw new Error('too slow');
      },
    });
    k.set({ rate: 0.25 });
    expect(() => k.set({ rate: 2 })).toThrow('rate must be from 0 to 1');
    expect(() => k.set({ latencyMs: 101 })).toThrow('too slow');
    expect(k.get()).toEqual({ rate: 0.25, latencyMs: 0 });
  });

  it('resets to the defaults, not to the initial settings', () => {
    const k = knobs({ initial: { rate: 1 } });
    expect(k.reset()).toEqual({ rate: 0, latencyMs: 0 });
  });

  it('draws the same sequence for the same seed, and again after a reseed', () => {
    const a = knobs({ seed: 3 });
    const b = knobs({ seed: 3 });
    const first = [a.nextRandom(), a.nextRandom()];
    expect([b.nextRandom(), b.nextRandom()]).toEqual(first);
    a.reseed(3);
    expect([a.nextRandom(), a.nextRandom()]).toEqual(first);
  });

  it('hands out copies, so a caller cannot change the knobs behind its back', () => {
    const k = knobs();
    k.get().rate = 1;
    expect(k.get().rate).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { ReconcileSamples } from './reconcile-samples.ts';

const sample = (at: number, failed = false) => ({ at, durationMs: at / 10, failed });

describe('ReconcileSamples', () => {
  it('gives back the samples since a time, oldest first, with their duration and outcome', () => {
    const samples = new ReconcileSamples(10);
    for (const at of [100, 200, 300]) samples.push(sample(at, at === 200));
    expect(samples.since(200)).toEqual([sample(200, true), sample(300)]);
    expect(samples.since(0)).toHaveLength(3);
  });

  it('grows as samples come, up to its capacity, keeping their order', () => {
    const samples = new ReconcileSamples(100, 2);
    for (let at = 1; at <= 50; at++) samples.push(sample(at));
    expect(samples.size).toBe(50);
    expect(samples.since(0).map((s) => s.at)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(samples.dropped).toBe(0);
  });

  it('keeps the newest samples once full and counts the ones it overwrote', () => {
    const samples = new ReconcileSamples(4, 2);
    for (let at = 1; at <= 10; at++) samples.push(sample(at));
    expect(samples.size).toBe(4);
    expect(samples.since(0).map((s) => s.at)).toEqual([7, 8, 9, 10]);
    expect(samples.dropped).toBe(6);
  });
});

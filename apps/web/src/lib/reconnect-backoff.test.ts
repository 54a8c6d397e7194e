import { describe, expect, it } from 'vitest';
import { defaultReconnectBackoff, reconnectDelay } from './reconnect-backoff.ts';

const schedule = (random: () => number, attempts = 12) =>
  Array.from({ length: attempts }, (_, attempt) => reconnectDelay(attempt, defaultReconnectBackoff, random));

describe('reconnectDelay', () => {
  it('doubles from a quarter second and never waits more than 2.5 s, so a page is live within seconds of the server', () => {
    expect(schedule(() => 1)).toEqual([250, 500, 1000, 2000, 2500, 2500, 2500, 2500, 2500, 2500, 2500, 2500]);
  });

  it('asks again within 20 s at least ten times: a server back after 8–10 s is found within 3 s', () => {
    const delays = schedule(() => 1);
    let elapsed = 0;
    const attemptsAt = delays.map((delay) => (elapsed += delay));
    const back = 10_000;
    const firstAfterBack = attemptsAt.find((at) => at >= back)!;
    expect(firstAfterBack - back).toBeLessThanOrEqual(2_500);
  });

  it('draws each pause between half and all of the step, so tabs do not knock in step', () => {
    expect(schedule(() => 0).slice(0, 5)).toEqual([125, 250, 500, 1000, 1250]);
    for (const delay of schedule(Math.random, 40)) expect(delay).toBeLessThanOrEqual(2_500);
  });

  it('stays capped after very many attempts (no overflow to Infinity)', () => {
    expect(reconnectDelay(5_000, defaultReconnectBackoff, () => 1)).toBe(2_500);
  });
});

import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock/fake-clock.ts';
import { BucketRateLimiter, ItemExponentialFailureRateLimiter, MaxOfRateLimiter, defaultControllerRateLimiter } from './rate-limiters.ts';

describe('ItemExponentialFailureRateLimiter', () => {
  it('doubles from 5 ms per failure of the same key', () => {
    const limiter = new ItemExponentialFailureRateLimiter(5, 1000_000);
    expect([1, 2, 3, 4, 5].map(() => limiter.when('ns/a'))).toEqual([5, 10, 20, 40, 80]);
    expect(limiter.when('ns/b')).toBe(5);
    expect(limiter.numRequeues('ns/a')).toBe(5);
  });

  it('caps the delay at 1000 s however often the key fails', () => {
    const limiter = new ItemExponentialFailureRateLimiter(5, 1000_000);
    const delays = Array.from({ length: 2000 }, () => limiter.when('ns/a'));
    expect(delays[17]).toBe(655_360);
    expect(delays[18]).toBe(1000_000);
    expect(delays.at(-1)).toBe(1000_000);
  });

  it('starts again from the base delay once the key is forgotten', () => {
    const limiter = new ItemExponentialFailureRateLimiter(5, 1000_000);
    limiter.when('ns/a');
    limiter.when('ns/a');
    limiter.forget('ns/a');
    expect(limiter.numRequeues('ns/a')).toBe(0);
    expect(limiter.when('ns/a')).toBe(5);
  });
});

describe('BucketRateLimiter', () => {
  it('lets a burst of 100 through at once, then one every 100 ms at 10 qps', () => {
    const clock = new FakeClock();
    const limiter = new BucketRateLimiter({ qps: 10, burst: 100, clock });
    const burst = Array.from({ length: 100 }, (_, i) => limiter.when(`ns/k${i}`));
    expect(burst.every((d) => d === 0)).toBe(true);
    expect([limiter.when('ns/x'), limiter.when('ns/y'), limiter.when('ns/z')]).toEqual([100, 200, 300]);
  });

  it('refills at 10 tokens per second, up to the burst', () => {
    const clock = new FakeClock();
    const limiter = new BucketRateLimiter({ qps: 10, burst: 100, clock });
    for (let i = 0; i < 100; i++) limiter.when('ns/a');
    clock.step(1000);
    const refilled = Array.from({ length: 11 }, () => limiter.when('ns/a'));
    expect(refilled.slice(0, 10).every((d) => d === 0)).toBe(true);
    expect(refilled[10]).toBe(100);
    clock.step(3600_000);
    expect(Array.from({ length: 101 }, () => limiter.when('ns/a')).filter((d) => d > 0)).toEqual([100]);
  });

  it('tracks no keys', () => {
    const limiter = new BucketRateLimiter({ qps: 10, burst: 1, clock: new FakeClock() });
    limiter.when('ns/a');
    limiter.when('ns/a');
    expect(limiter.numRequeues('ns/a')).toBe(0);
  });
});

describe('MaxOfRateLimiter', () => {
  it('waits as long as the slowest of its limiters and forgets in all of them', () => {
    const clock = new FakeClock();
    const limiter = new MaxOfRateLimiter(new ItemExponentialFailureRateLimiter(5, 1000_000), new BucketRateLimiter({ qps: 1, burst: 1, clock }));
    expect(limiter.when('ns/a')).toBe(5);
    expect(limiter.when('ns/a')).toBe(1000);
    expect(limiter.numRequeues('ns/a')).toBe(2);
    limiter.forget('ns/a');
    expect(limiter.numRequeues('ns/a')).toBe(0);
  });
});

describe('defaultControllerRateLimiter', () => {
  it('backs a failing key off exponentially while the bucket has tokens', () => {
    const limiter = defaultControllerRateLimiter(new FakeClock());
    expect([1, 2, 3].map(() => limiter.when('ns/a'))).toEqual([5, 10, 20]);
  });

  it('holds many keys failing at once to 10 per second after the first 100', () => {
    const limiter = defaultControllerRateLimiter(new FakeClock());
    const delays = Array.from({ length: 102 }, (_, i) => limiter.when(`ns/k${i}`));
    expect(delays.slice(0, 100).every((d) => d === 5)).toBe(true);
    expect(delays.slice(100)).toEqual([100, 200]);
  });
});

import { describe, expect, it } from 'vitest';
import { rateLimitRoute } from '../rate-limit-route.ts';
import { ManualClock } from '../test-support/manual-clock.ts';
import { RateLimitBuckets } from './rate-limit-buckets.ts';

const messagesIn = (channel: string) => rateLimitRoute('POST', `/channels/${channel}/messages`);
const headers = (remaining: number, resetAfterSeconds: number, bucket = 'abc') => ({
  limit: 5,
  remaining,
  resetAfterSeconds,
  bucket,
  global: false,
});

describe('RateLimitBuckets', () => {
  it('lets requests through on a route it knows nothing about', () => {
    const buckets = new RateLimitBuckets(new ManualClock());
    expect(buckets.reserve(messagesIn('1'))).toEqual({ ready: true });
  });

  it('holds requests back once the headers say the bucket is empty, until it resets', () => {
    const clock = new ManualClock();
    const buckets = new RateLimitBuckets(clock);
    buckets.update(messagesIn('1'), headers(0, 2.5));
    expect(buckets.reserve(messagesIn('1'))).toEqual({ ready: false, waitMs: 2500, global: false });
    clock.advance(2500);
    expect(buckets.reserve(messagesIn('1'))).toEqual({ ready: true });
  });

  it('spends the remaining slots locally so concurrent callers cannot overspend', () => {
    const buckets = new RateLimitBuckets(new ManualClock());
    buckets.update(messagesIn('1'), headers(2, 5));
    expect(buckets.reserve(messagesIn('1')).ready).toBe(true);
    expect(buckets.reserve(messagesIn('1')).ready).toBe(true);
    expect(buckets.reserve(messagesIn('1')).ready).toBe(false);
  });

  it('tracks the same bucket separately for each channel', () => {
    const buckets = new RateLimitBuckets(new ManualClock());
    buckets.update(messagesIn('1'), headers(0, 5));
    expect(buckets.reserve(messagesIn('2'))).toEqual({ ready: true });
  });

  it('closes every route after a global 429', () => {
    const buckets = new RateLimitBuckets(new ManualClock());
    buckets.recordRateLimited(messagesIn('1'), 1.5, true);
    expect(buckets.reserve(rateLimitRoute('GET', '/guilds/7'))).toEqual({ ready: false, waitMs: 1500, global: true });
  });

  it('closes a route for retry_after after a 429 even without headers', () => {
    const buckets = new RateLimitBuckets(new ManualClock());
    buckets.recordRateLimited(messagesIn('1'), 0.75, false);
    expect(buckets.reserve(messagesIn('1'))).toEqual({ ready: false, waitMs: 750, global: false });
  });
});

import { describe, expect, it } from 'vitest';
import { isTooManyRequests } from '@dojo/kube-api';
import { InflightLimiter, inflightLimitsOf } from './inflight-limiter.ts';
import { parseInflightFlags } from './inflight-flags.ts';

describe('in-flight limits', () => {
  it("default to kube-apiserver's 400 and 200, a quarter of each per client", () => {
    expect(inflightLimitsOf()).toEqual({ maxReadOnly: 400, maxMutating: 200, maxReadOnlyPerClient: 100, maxMutatingPerClient: 50 });
  });

  it('give a client a quarter of a total set alone, and read 0 as no limit as kube does', () => {
    expect(inflightLimitsOf({ maxReadOnly: 40, maxMutating: 0 })).toEqual({
      maxReadOnly: 40,
      maxMutating: Infinity,
      maxReadOnlyPerClient: 10,
      maxMutatingPerClient: Infinity,
    });
  });

  it('come from the flags by their names, and a value that is not a count names its flag', () => {
    expect(parseInflightFlags({ 'max-requests-inflight': '40', 'max-mutating-requests-inflight-per-client': '0' })).toEqual({
      maxReadOnly: 40,
      maxMutatingPerClient: 0,
    });
    expect(() => parseInflightFlags({ 'max-mutating-requests-inflight': '1.5' })).toThrow('invalid --max-mutating-requests-inflight "1.5"');
  });
});

describe('an in-flight limiter', () => {
  it('gives a seat back once, however often it is released', () => {
    const limiter = new InflightLimiter({ maxReadOnly: 2, maxReadOnlyPerClient: 2 });
    const release = limiter.acquire('a', false);
    release();
    release();
    limiter.acquire('a', false);
    limiter.acquire('b', false);
    expect(() => limiter.acquire('c', false)).toThrow(expect.objectContaining({ code: 429 }) as Error);
  });

  it('keeps reads and writes apart', () => {
    const limiter = new InflightLimiter({ maxReadOnlyPerClient: 1, maxMutatingPerClient: 1 });
    limiter.acquire('a', false);
    limiter.acquire('a', true);
    let refused: unknown;
    try {
      limiter.acquire('a', true);
    } catch (err) {
      refused = err;
    }
    expect(isTooManyRequests(refused)).toBe(true);
    expect(limiter.inFlight()).toEqual({ readOnly: 1, mutating: 1 });
  });
});

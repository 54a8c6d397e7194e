import { describe, expect, it } from 'vitest';
import { StatusError } from '@dojo/kube-api';
import { decodeBreakpointsRequest, decodeConcurrencyRequest, decodeFaultsRequest } from './controller-requests.ts';

/** The Status a decoder throws, or undefined when it accepts the body. */
function refusal(decode: () => unknown): { code: number; reason: string; message: string } | undefined {
  try {
    decode();
    return undefined;
  } catch (err) {
    if (!(err instanceof StatusError)) throw err;
    return { code: err.code, reason: err.reason, message: err.message };
  }
}

describe('debug command bodies', () => {
  it('accepts MaxConcurrentReconciles from 1 to 64 and refuses anything else with a 400', () => {
    expect(decodeConcurrencyRequest({ maxConcurrentReconciles: 4 })).toEqual({ maxConcurrentReconciles: 4 });
    for (const bad of [0, 65, 2.5, '4', undefined]) {
      expect(refusal(() => decodeConcurrencyRequest({ maxConcurrentReconciles: bad }))).toEqual({
        code: 400,
        reason: 'BadRequest',
        message: 'maxConcurrentReconciles must be an integer between 1 and 64',
      });
    }
  });

  it('accepts breakpoints as an array of keys only', () => {
    expect(decodeBreakpointsRequest({ keys: ['default/a', 'b'] })).toEqual({ keys: ['default/a', 'b'] });
    expect(refusal(() => decodeBreakpointsRequest({ keys: 'default/a' }))?.code).toBe(400);
    expect(refusal(() => decodeBreakpointsRequest({ keys: ['a', 1] }))?.code).toBe(400);
  });

  it('keeps only the fault knobs given, each a non-negative integer', () => {
    expect(decodeFaultsRequest({ conflictNextWrites: 2, latencyMs: 0, unknown: 5 })).toEqual({ conflictNextWrites: 2, latencyMs: 0 });
    expect(decodeFaultsRequest({})).toEqual({});
    expect(refusal(() => decodeFaultsRequest({ throwNext: -1 }))).toMatchObject({ code: 400, message: 'throwNext must be a non-negative integer' });
    expect(refusal(() => decodeFaultsRequest({ latencyMs: 600_001 }))?.code).toBe(400);
  });

  it('answers a body that is not a JSON object with a 400, never a crash', () => {
    for (const decode of [decodeConcurrencyRequest, decodeBreakpointsRequest, decodeFaultsRequest]) {
      expect(refusal(() => decode(undefined))).toMatchObject({ code: 400, reason: 'BadRequest' });
      expect(refusal(() => decode([1]))).toMatchObject({ code: 400, reason: 'BadRequest' });
    }
  });
});

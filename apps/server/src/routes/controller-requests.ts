/**
 * The bodies of the debug commands, decoded into the protocol's request types
 * (@dojo/console-protocol) before anything acts on them; bad input is a 400 Status.
 */
import type { BreakpointsRequest, ConcurrencyRequest, ContinueRequest, FaultsRequest } from '@dojo/console-protocol';
import { newBadRequest } from '@dojo/kube-api';
import { jsonObjectBody } from './json-body.ts';

export function decodeConcurrencyRequest(body: unknown): ConcurrencyRequest {
  const n = jsonObjectBody(body).maxConcurrentReconciles;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 64) {
    throw newBadRequest('maxConcurrentReconciles must be an integer between 1 and 64');
  }
  return { maxConcurrentReconciles: n };
}

export function decodeBreakpointsRequest(body: unknown): BreakpointsRequest {
  const keys = jsonObjectBody(body).keys;
  if (!Array.isArray(keys) || !keys.every((k) => typeof k === 'string')) throw newBadRequest('keys must be an array of object keys');
  return { keys };
}

export function decodeContinueRequest(body: unknown): ContinueRequest {
  const key = jsonObjectBody(body).key;
  if (typeof key !== 'string' || key === '') throw newBadRequest('key must be the object key held at a breakpoint');
  return { key };
}

const faultKnobs = ['conflictNextWrites', 'throwNext', 'latencyMs'] as const;

/** Only the knobs given change; each is an integer from 0 to 600 000. */
export function decodeFaultsRequest(body: unknown): FaultsRequest {
  const fields = jsonObjectBody(body);
  const patch: FaultsRequest = {};
  for (const knob of faultKnobs) {
    const v = fields[knob];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 600_000) throw newBadRequest(`${knob} must be a non-negative integer`);
    patch[knob] = v;
  }
  return patch;
}

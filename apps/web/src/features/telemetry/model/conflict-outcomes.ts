/**
 * How each 409 ended: the reconcile that hit it requeued, and the next reconcile of the same
 * object by the same controller either succeeded (the conflict resolved itself, as it should in
 * a level-based controller), hit another conflict, failed, or has not happened yet.
 */
import type { ConflictRecord } from '@dojo/console-protocol';
import { firstStartingAfter } from './span-search.ts';
import type { Span } from './span.ts';

export type ConflictOutcome =
  | { kind: 'resolved'; span: Span; retries: number; afterMs: number }
  | { kind: 'failed'; span: Span; retries: number; afterMs: number }
  | { kind: 'retrying'; retries: number }
  | { kind: 'pending' }
  | { kind: 'unknown' };

export interface ConflictRow {
  conflict: ConflictRecord;
  controller: string | undefined;
  span: Span | undefined;
  outcome: ConflictOutcome;
}

export function conflictOutcome(conflict: ConflictRecord, span: Span | undefined, spansOfKey: readonly Span[]): ConflictOutcome {
  if (!span) return { kind: 'unknown' };
  let retries = 0;
  for (let i = firstStartingAfter(spansOfKey, span.start); i < spansOfKey.length; i++) {
    const next = spansOfKey[i]!;
    if (next.controller !== span.controller || next.id === span.id) continue;
    retries++;
    if (next.result === undefined) return { kind: 'retrying', retries };
    const afterMs = (next.end ?? next.start) - conflict.time;
    if (next.result === 'success' || next.result === 'requeueAfter') return { kind: 'resolved', span: next, retries, afterMs };
    if (next.result === 'error') return { kind: 'failed', span: next, retries, afterMs };
    // requeue or another conflict: keep following the chain.
  }
  return retries ? { kind: 'retrying', retries } : { kind: 'pending' };
}

export function describeOutcome(outcome: ConflictOutcome): string {
  const times = (n: number) => (n === 1 ? '1 retry' : `${n} retries`);
  switch (outcome.kind) {
    case 'resolved':
      return `resolved after ${times(outcome.retries)} (${outcome.span.result})`;
    case 'failed':
      return `failed after ${times(outcome.retries)}`;
    case 'retrying':
      return `still retrying (${times(outcome.retries)} so far)`;
    case 'pending':
      return 'requeued, not retried yet';
    case 'unknown':
      return 'unknown (reconcile not seen)';
  }
}

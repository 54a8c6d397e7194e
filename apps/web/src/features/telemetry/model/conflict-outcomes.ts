/**
 * How each 409 ended: the reconcile that hit it requeued, and the next reconcile of the same
 * object by the same controller either succeeded (the conflict resolved itself, as it should in
 * a level-based controller), hit another conflict, failed, or has not happened yet — unless
 * the writer is gone (another client that exited): then it gave up or exited, and "still
 * retrying" would be a promise nobody keeps.
 */
import type { ConflictRecord } from '@dojo/console-protocol';
import { firstStartingAfter } from './span-search.ts';
import type { Span } from './span.ts';

export type ConflictOutcome =
  | { kind: 'resolved'; span: Span; retries: number; afterMs: number }
  | { kind: 'failed'; span: Span; retries: number; afterMs: number }
  | { kind: 'retrying'; retries: number }
  | { kind: 'stopped'; retries: number }
  | { kind: 'pending' }
  | { kind: 'unknown' };

export interface ConflictRow {
  conflict: ConflictRecord;
  controller: string | undefined;
  span: Span | undefined;
  outcome: ConflictOutcome;
}

/** `writerGone(controller)`: the client has stopped (activity's clientGone); absent, every writer is taken as alive. */
export function conflictOutcome(
  conflict: ConflictRecord,
  span: Span | undefined,
  spansOfKey: readonly Span[],
  writerGone: (controller: string) => boolean = () => false,
): ConflictOutcome {
  if (!span) return { kind: 'unknown' };
  const unfinished = (retries: number): ConflictOutcome =>
    writerGone(span.controller) ? { kind: 'stopped', retries } : retries ? { kind: 'retrying', retries } : { kind: 'pending' };
  let retries = 0;
  for (let i = firstStartingAfter(spansOfKey, span.start); i < spansOfKey.length; i++) {
    const next = spansOfKey[i]!;
    if (next.controller !== span.controller || next.id === span.id) continue;
    retries++;
    if (next.result === undefined) return unfinished(retries);
    const afterMs = (next.end ?? next.start) - conflict.time;
    if (next.result === 'success' || next.result === 'requeueAfter') return { kind: 'resolved', span: next, retries, afterMs };
    if (next.result === 'error') return { kind: 'failed', span: next, retries, afterMs };
    // requeue or another conflict: keep following the chain.
  }
  return unfinished(retries);
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
    case 'stopped':
      return outcome.retries ? `gave up or exited after ${times(outcome.retries)}` : 'gave up or exited without retrying';
    case 'pending':
      return 'requeued, not retried yet';
    case 'unknown':
      return 'unknown (reconcile not seen)';
  }
}

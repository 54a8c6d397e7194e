/**
 * The last reconcile's error, and whether it repeats: the newest reconcile ends recorded for
 * the object. One failure may pass on its own retry; three in a row, or a terminal error, need
 * a person. Where the key waits for its next retry comes from its controller's queue.
 *
 * When the console runs the object's controller, only that controller's reconciles speak for
 * it: the telemetry also holds reconciles of the same object by outside parties (inferred from
 * a client's requests, received as OTLP spans, issue 35), whose error text is theirs to choose.
 */
import type { Blocker, ReconcileEndRecord } from '@dojo/console-protocol';
import type { BlockerSource } from '../blocker-source.ts';
import { objectLink, reconcileLink, workqueueLink } from '../links.ts';
import { describeQueuePosition, queuePositionOf, type QueuePosition } from '../queue-position.ts';
import { facts, ranks } from '../readiness/finding.ts';

export interface ReconcileErrorsEvidence {
  /** Oldest first. */
  readonly ends: readonly ReconcileEndRecord[];
  readonly position?: QueuePosition;
  readonly paused: boolean;
}

const repeatedAfter = 3;

export const reconcileErrorsSource: BlockerSource<ReconcileErrorsEvidence> = {
  name: 'reconcile-errors',
  cost: 'recorded',
  gather(subject, context) {
    const ends = (context.history?.telemetry(['reconcile-end'], 25, subject.controller) ?? []).filter(
      (r): r is ReconcileEndRecord => r.type === 'reconcile-end' && (subject.controller === undefined || r.controller === subject.controller),
    );
    const state = subject.controller ? context.controllers.state(subject.controller) : undefined;
    return { ends, paused: state?.paused ?? false, ...(state ? { position: queuePositionOf(state, subject.key) } : {}) };
  },
  blockers(subject, { ends, position, paused }): Blocker[] {
    const last = ends[ends.length - 1];
    if (!last || last.result !== 'error') return [];
    let failures = 0;
    for (let i = ends.length - 1; i >= 0 && ends[i]!.result === 'error'; i--) failures++;
    const firstFailure = ends[ends.length - failures]!;
    const repeated = failures >= repeatedAfter || last.terminal === true;
    const error = last.error ?? 'unknown error';
    const more = failures === ends.length && ends.length >= 25 ? ' or more' : '';
    return [
      {
        id: 'reconcile-errors/last',
        source: 'reconcile-errors',
        severity: repeated ? 'failed' : 'blocked',
        rank: repeated ? ranks.failed : ranks.lastError,
        title: failures > 1 ? `The last ${failures}${more} reconciles failed: ${short(error)}` : `The last reconcile failed: ${short(error)}`,
        detail: error,
        since: firstFailure.time,
        evidence: [
          ...facts({
            controller: last.controller,
            reconcile: last.reconcileId,
            terminal: last.terminal ? 'yes: it is not retried' : undefined,
            panic: last.panic ? 'the reconciler crashed' : undefined,
            'timed out': last.timedOut ? 'yes' : undefined,
            'distinct errors':
              new Set(ends.slice(ends.length - failures).map((e) => e.error)).size > 1
                ? String(new Set(ends.slice(ends.length - failures).map((e) => e.error)).size)
                : undefined,
          }),
          { label: 'last failure', value: new Date(last.time).toISOString(), time: last.time },
          ...(position ? describeQueuePosition(position, last.controller, paused, subject.now) : []),
        ],
        links: [
          reconcileLink(last.reconcileId),
          objectLink('Reconciles', subject.identity, 'reconciles', { reconcile: last.reconcileId }),
          workqueueLink(last.controller),
        ],
      },
    ];
  },
};

function short(text: string): string {
  const line = text.split('\n')[0] ?? text;
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}

/**
 * The last 409s on the object: each a write sent with a resourceVersion someone else had
 * already replaced. Normal now and then (the writer requeues); a burst of them is a fight over
 * the object, and the Fields tab traces each one to the write its sender had not seen.
 */
import type { Blocker, ConflictRecord } from '@dojo/console-protocol';
import type { BlockerSource } from '../blocker-source.ts';
import { objectLink, reconcileLink } from '../links.ts';
import { ranks } from '../readiness/finding.ts';

export interface ConflictsEvidence {
  /** Oldest first. */
  readonly conflicts: readonly ConflictRecord[];
}

export const recentConflictsMs = 10 * 60_000;
/** This many 409s within the window is a fight, not bad luck. */
const burst = 5;

export const conflictsSource: BlockerSource<ConflictsEvidence> = {
  name: 'conflicts',
  cost: 'recorded',
  gather: (_subject, context) => ({ conflicts: (context.history?.telemetry(['conflict'], 20) ?? []).filter((r): r is ConflictRecord => r.type === 'conflict') }),
  blockers(subject, { conflicts }): Blocker[] {
    const recent = conflicts.filter((c) => subject.now - c.time <= recentConflictsMs);
    const last = recent[recent.length - 1];
    if (!last) return [];
    const who = last.controller ?? 'a client';
    const winner = last.currentManager ? `; ${last.currentManager} wrote the version that won${last.currentRV ? ` (${last.currentRV})` : ''}` : '';
    return [
      {
        id: 'conflicts/recent',
        source: 'conflicts',
        severity: recent.length >= burst ? 'blocked' : 'info',
        rank: ranks.conflicts,
        title: `${recent.length} 409 Conflict${recent.length === 1 ? '' : 's'} on this object in the last ${recentConflictsMs / 60_000} min`,
        detail: `The last: ${who} wrote with resourceVersion ${last.staleRV ?? '(none)'}${winner}${last.injected ? ' (an injected fault)' : ''}.`,
        since: recent[0]!.time,
        evidence: recent
          .slice(-3)
          .reverse()
          .map((c) => ({ label: '409', value: `${c.controller ?? 'client'} sent ${c.staleRV ?? '?'}, current ${c.currentRV ?? '?'}${c.currentManager ? ` by ${c.currentManager}` : ''}`, time: c.time })),
        links: [objectLink('Trace them in Fields', subject.identity, 'fields'), { label: 'All conflicts', target: { page: 'conflicts' } }, ...(last.reconcileId ? [reconcileLink(last.reconcileId)] : [])],
      },
    ];
  },
};

/**
 * The last 409s on the object. A resourceVersion race — a write sent with a resourceVersion
 * someone else had already replaced — is normal now and then (the writer requeues); a burst of
 * them is a fight over the object, and the Fields tab traces each one to the write its sender
 * had not seen. A server-side apply's field-manager conflict is told apart (ConflictCause): no
 * version won it, and it blocks nothing.
 */
import type { Blocker, ConflictRecord, FieldManagerConflict } from '@dojo/console-protocol';
import type { ObjectIdentity } from '@dojo/kube-api';
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
  gather: (_subject, context) => ({
    conflicts: (context.history?.telemetry(['conflict'], 20) ?? []).filter((r): r is ConflictRecord => r.type === 'conflict'),
  }),
  blockers(subject, { conflicts }): Blocker[] {
    const recent = conflicts.filter((c) => subject.now - c.time <= recentConflictsMs);
    return [
      ...raceBlockers(
        subject.identity,
        recent.filter((c) => c.cause?.kind !== 'fieldManager'),
      ),
      ...fieldManagerBlockers(subject.identity, recent),
    ];
  },
};

/** 409s on a stale resourceVersion: another write won the race; a burst of them is a fight. */
function raceBlockers(identity: ObjectIdentity, recent: readonly ConflictRecord[]): Blocker[] {
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
        .map((c) => ({
          label: '409',
          value: `${c.controller ?? 'client'} sent ${c.staleRV ?? '?'}, current ${c.currentRV ?? '?'}${c.currentManager ? ` by ${c.currentManager}` : ''}`,
          time: c.time,
        })),
      links: [
        objectLink('Trace them in Fields', identity, 'fields'),
        { label: 'All conflicts', target: { page: 'conflicts' } },
        ...(last.reconcileId ? [reconcileLink(last.reconcileId)] : []),
      ],
    },
  ];
}

/**
 * Server-side applies refused because other managers own fields they set: nothing was written
 * and nothing won, so they never block readiness; they say who owns what, so the applier can
 * drop the fields, force, or leave them to their owner.
 */
function fieldManagerBlockers(identity: ObjectIdentity, recent: readonly ConflictRecord[]): Blocker[] {
  const applies = recent.filter((c): c is ConflictRecord & { cause: { kind: 'fieldManager' } } => c.cause?.kind === 'fieldManager');
  const last = applies[applies.length - 1];
  if (!last) return [];
  return [
    {
      id: 'conflicts/field-managers',
      source: 'conflicts',
      severity: 'info',
      rank: ranks.conflicts,
      title: `${applies.length} server-side apply conflict${applies.length === 1 ? '' : 's'} over fields other managers own, in the last ${recentConflictsMs / 60_000} min`,
      detail: `The last: ${last.controller ?? 'a client'}'s apply was refused: ${owned(last.cause.fields)}. Nothing was written; apply without those fields, or with force to take them over.`,
      since: applies[0]!.time,
      evidence: applies
        .slice(-3)
        .reverse()
        .map((c) => ({ label: 'apply 409', value: `${c.controller ?? 'client'}: ${owned(c.cause.fields)}`, time: c.time })),
      links: [objectLink('Field owners in Fields', identity, 'fields'), { label: 'All conflicts', target: { page: 'conflicts' } }],
    },
  ];
}

const owned = (fields: readonly FieldManagerConflict[]) =>
  fields.length ? fields.map((f) => `${f.field} is owned by ${f.manager}`).join(', ') : 'fields it sets are owned by other managers';

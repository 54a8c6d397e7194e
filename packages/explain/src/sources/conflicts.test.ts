import { describe, expect, it } from 'vitest';
import type { ConflictRecord } from '@dojo/console-protocol';
import { conflictsSource } from './conflicts.ts';
import { dojo, now, subject } from '../testing/explain-fixtures.ts';

const conflict = (seq: number, secondsAgo: number): ConflictRecord => ({
  type: 'conflict',
  seq,
  time: now - secondsAgo * 1000,
  controller: 'dojo',
  key: 'default/web',
  resource: 'dojos',
  staleRV: '7',
  currentRV: '9',
  currentManager: 'kubectl',
  reconcileId: `r${seq}`,
});

describe('the conflicts source', () => {
  it('tells of the recent 409s, the last one first, and where to trace them', () => {
    const [blocker] = conflictsSource.blockers(subject(dojo()), { conflicts: [conflict(1, 3600), conflict(2, 120), conflict(3, 30)] });
    expect(blocker).toMatchObject({
      severity: 'info',
      title: '2 409 Conflicts on this object in the last 10 min',
      detail: 'The last: dojo wrote with resourceVersion 7; kubectl wrote the version that won (9).',
    });
    expect(blocker!.evidence.map((e) => e.time)).toEqual([now - 30_000, now - 120_000]);
    expect(blocker!.links[0]!.target).toMatchObject({ page: 'object', tab: 'fields' });
  });

  it('calls a burst of them a fight, and old ones nothing', () => {
    expect(conflictsSource.blockers(subject(dojo()), { conflicts: [1, 2, 3, 4, 5].map((i) => conflict(i, i)) })[0]?.severity).toBe('blocked');
    expect(conflictsSource.blockers(subject(dojo()), { conflicts: [conflict(1, 3600)] })).toEqual([]);
  });

  it('tells a server-side apply refused over owned fields apart from a race: the fields and their managers, no winner, never a blocker', () => {
    const apply: ConflictRecord = {
      type: 'conflict',
      seq: 4,
      time: now - 10_000,
      controller: 'dojo-console',
      key: 'default/web',
      resource: 'dojos',
      cause: { kind: 'fieldManager', fields: [{ field: '.spec.replicas', manager: 'kubectl-patch' }] },
    };
    const blockers = conflictsSource.blockers(subject(dojo()), { conflicts: [conflict(1, 30), apply, apply, apply, apply, apply] });
    expect(blockers.map((b) => [b.id, b.severity, b.title])).toEqual([
      ['conflicts/recent', 'info', '1 409 Conflict on this object in the last 10 min'],
      ['conflicts/field-managers', 'info', '5 server-side apply conflicts over fields other managers own, in the last 10 min'],
    ]);
    expect(blockers[1]!.detail).toBe(
      "The last: dojo-console's apply was refused: .spec.replicas is owned by kubectl-patch. Nothing was written; apply without those fields, or with force to take them over.",
    );
    expect(blockers[1]!.detail).not.toMatch(/won|resourceVersion/);
  });
});

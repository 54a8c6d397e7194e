import { describe, expect, it } from 'vitest';
import type { ConflictRecord } from '@dojo/console-protocol';
import { conflictsSource } from './conflicts.ts';
import { dojo, now, subject } from '../testing/explain-fixtures.ts';

const conflict = (seq: number, secondsAgo: number): ConflictRecord => ({ type: 'conflict', seq, time: now - secondsAgo * 1000, controller: 'dojo', key: 'default/web', resource: 'dojos', staleRV: '7', currentRV: '9', currentManager: 'kubectl', reconcileId: `r${seq}` });

describe('the conflicts source', () => {
  it('tells of the recent 409s, the last one first, and where to trace them', () => {
    const [blocker] = conflictsSource.blockers(subject(dojo()), { conflicts: [conflict(1, 3600), conflict(2, 120), conflict(3, 30)] });
    expect(blocker).toMatchObject({ severity: 'info', title: '2 409 Conflicts on this object in the last 10 min', detail: 'The last: dojo wrote with resourceVersion 7; kubectl wrote the version that won (9).' });
    expect(blocker!.evidence.map((e) => e.time)).toEqual([now - 30_000, now - 120_000]);
    expect(blocker!.links[0]!.target).toMatchObject({ page: 'object', tab: 'fields' });
  });

  it('calls a burst of them a fight, and old ones nothing', () => {
    expect(conflictsSource.blockers(subject(dojo()), { conflicts: [1, 2, 3, 4, 5].map((i) => conflict(i, i)) })[0]?.severity).toBe('blocked');
    expect(conflictsSource.blockers(subject(dojo()), { conflicts: [conflict(1, 3600)] })).toEqual([]);
  });
});

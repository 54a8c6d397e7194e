import { describe, expect, it } from 'vitest';
import { ownStatusSource } from './own-status.ts';
import { dojo, subject } from '../testing/explain-fixtures.ts';

describe('the own status source', () => {
  it("turns the object's own findings into blockers that link to where they show", () => {
    const s = subject(dojo({ generation: 2, observedGeneration: 1, conditions: [{ type: 'Degraded', status: 'True', reason: 'UnsupportedDatabase' }] }));
    const blockers = ownStatusSource.blockers(s, undefined);
    // The stale status is the controller source's to explain, with the queue.
    expect(blockers.map((b) => [b.id, b.title])).toEqual([['own-status/condition/Degraded', 'Degraded: UnsupportedDatabase']]);
    expect(blockers[0]!.links).toEqual([{ label: 'Conditions', target: { page: 'object', object: s.identity, tab: 'overview' } }]);
  });
});

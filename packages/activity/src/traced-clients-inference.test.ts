import { describe, expect, it } from 'vitest';
import { observeActivity } from './testing/observed-activity.ts';
import { dojos, kubectl, operator, type SimulatedJournal } from './testing/simulated-journal.ts';

const rustOp = operator('rust-op');
const lastTransition = 'status.conditions[type=Ready].lastTransitionTime';

/** rust-op answers each event about the Dojo by rewriting its condition's timestamp, `times` times. */
function answerEveryEvent(journal: SimulatedJournal, times: number) {
  for (let i = 0; i < times; i++) {
    journal.advance(100);
    journal.write(rustOp, dojos, 'default', 'web', { subresource: 'status', changedPaths: [lastTransition] });
  }
}

describe('a connected client whose reconciles arrive as traces', () => {
  it('gets no inferred reconciles, calls or conflicts in the journal: its traces already hold them', () => {
    let traced = false;
    const { journal, activity, starts, calls, ends, conflicts } = observeActivity({ sendsTraces: (client) => traced && client === 'rust-op' });
    journal.watch(rustOp, dojos);
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    answerEveryEvent(journal, 2);
    journal.advance(2000);
    activity.tick();
    const before = { starts: starts().length, calls: calls().length, ends: ends().length };
    expect(before.starts).toBeGreaterThan(0);

    traced = true;
    answerEveryEvent(journal, 3);
    journal.advance(50);
    journal.conflict(rustOp, dojos, 'default', 'web', '1');
    journal.advance(2000);
    activity.tick();
    expect({ starts: starts().length, calls: calls().length, ends: ends().length }).toEqual(before);
    expect(conflicts()).toEqual([]);
  });

  it('still shows the hot loops its writes make', () => {
    const { journal, activity, emitted } = observeActivity({ sendsTraces: (client) => client === 'rust-op' });
    journal.watch(rustOp, dojos);
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    answerEveryEvent(journal, 8);
    activity.tick();
    expect(activity.snapshot().hotLoops).toEqual([expect.objectContaining({ kind: 'self', writers: ['rust-op'], fieldPaths: [lastTransition] })]);
    expect(emitted.filter((r) => r.type === 'reconcile-start')).toEqual([]);
  });

  it('keeps a pass it journaled the start of whole, when the client is found to send traces meanwhile', () => {
    let traced = false;
    const { journal, activity, starts, ends } = observeActivity({ sendsTraces: () => traced });
    journal.watch(rustOp, dojos);
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    journal.advance(15);
    journal.get(rustOp, dojos, 'default', 'web');
    traced = true;
    journal.advance(3);
    journal.write(rustOp, dojos, 'default', 'web', { subresource: 'status', changedPaths: ['status.conditions'] });
    journal.advance(2000);
    activity.tick();
    expect(starts()).toHaveLength(1);
    expect(ends().map((e) => e.reconcileId)).toEqual([starts()[0]!.reconcileId]);
  });
});

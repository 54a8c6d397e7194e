import { describe, expect, it } from 'vitest';
import { controllerSource } from './controller.ts';
import { context, directory, dojo, now, queueState, subject } from '../testing/explain-fixtures.ts';

const key = 'default/web';

describe('the controller source', () => {
  it('says the controller has not seen the latest spec, and that its key waits in backoff', async () => {
    const s = subject(dojo({ generation: 3, observedGeneration: 2 }));
    const evidence = await controllerSource.gather(
      s,
      context({ controllers: directory(queueState({ delayed: [{ key, readyAt: now + 4000, retries: 5, triggers: [], droppedTriggers: 0 }] })) }),
    );
    const [blocker] = controllerSource.blockers(s, evidence);
    expect(blocker).toMatchObject({ severity: 'blocked', title: 'dojo has not observed generation 3 yet (the status is for 2)' });
    expect(blocker!.evidence).toContainEqual({ label: 'queue', value: 'in backoff after 5 retries, back in 4.0 s', time: now + 4000 });
    expect(blocker!.links.map((l) => l.target.page)).toEqual(['workqueue', 'object']);
  });

  it('calls a stale spec progressing while its key is queued, and blocked when it is in no queue', () => {
    const s = subject(dojo({ generation: 2, observedGeneration: 1 }));
    expect(controllerSource.blockers(s, { paused: false, position: { state: 'waiting', since: now, blockedByBreakpoint: false } })[0]?.severity).toBe(
      'progressing',
    );
    const none = controllerSource.blockers(s, { paused: false, position: { state: 'none' } })[0]!;
    expect(none.severity).toBe('blocked');
    expect(none.evidence).toContainEqual({ label: 'queue', value: 'in no queue: dojo will look again only when an event about it comes' });
  });

  it('names conditions left at an older generation though the status is current', () => {
    const s = subject(dojo({ generation: 4, observedGeneration: 4, conditions: [{ type: 'Ready', status: 'True', observedGeneration: 3 }] }));
    expect(controllerSource.blockers(s, { paused: false, position: { state: 'none' } })[0]?.title).toBe('dojo left Ready at generation 3 (the object is at 4)');
  });

  it('says when no controller of the console reconciles the kind', () => {
    const s = subject(dojo({ generation: 2, observedGeneration: 1 }), undefined, null);
    expect(controllerSource.blockers(s, { paused: false })[0]).toMatchObject({
      severity: 'blocked',
      title: 'Generation 2 is not observed yet (the status is for 1); no controller of the console reconciles Dojo',
    });
  });

  it('says a key is held at a breakpoint, or waits behind a paused controller', () => {
    const s = subject(dojo({ conditions: [{ type: 'Ready', status: 'False' }] }));
    expect(controllerSource.blockers(s, { paused: false, position: { state: 'held', worker: 1 } })[0]?.title).toBe(
      'default/web is held at a breakpoint in dojo',
    );
    expect(controllerSource.blockers(s, { paused: true, position: { state: 'waiting', since: now, blockedByBreakpoint: false } })[0]?.title).toBe(
      'dojo is paused: default/web waits in its queue',
    );
  });

  it('says when the controller looks again at an object that is not ready, and nothing about a ready one', () => {
    const notReady = subject(dojo({ conditions: [{ type: 'Ready', status: 'False' }] }));
    expect(controllerSource.blockers(notReady, { paused: false, position: { state: 'delayed', readyAt: now + 5000 } })[0]).toMatchObject({
      severity: 'info',
      title: 'dojo: requeued to run again in 5.0 s',
    });
    expect(
      controllerSource.blockers(subject(dojo({ conditions: [{ type: 'Ready', status: 'True' }] })), { paused: false, position: { state: 'none' } }),
    ).toEqual([]);
  });
});

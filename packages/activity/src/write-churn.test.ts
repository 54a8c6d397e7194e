import { describe, expect, it } from 'vitest';
import type { RequestJournalRecord } from '@dojo/console-protocol';
import { Activity } from './activity.ts';
import { ClientIdentifier } from './client-identity.ts';
import { deployments, dojos, kubectl, operator, SimulatedJournal } from './testing/simulated-journal.ts';

const op = operator('my-operator');
const lastTransition = 'status.conditions[type=Ready].lastTransitionTime';

/** What the console sees of a real cluster through audit events: every request and watch, never a delivered watch event. */
function auditView() {
  const journal = new SimulatedJournal((record: RequestJournalRecord) => {
    if (record.type !== 'watch-event') activity.ingest(record);
  });
  const activity = new Activity({ clock: journal.clock, emit: () => {}, identifier: new ClientIdentifier() });
  journal.watch(op, dojos);
  journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
  return { journal, activity };
}

describe('the churn rule (hot loops seen without watch deliveries)', () => {
  it('flags one writer patching the same field of one object ten times within 10 s, naming the field and saying audit cannot tell why', () => {
    const { journal, activity } = auditView();
    for (let i = 0; i < 10; i++) {
      journal.advance(300);
      journal.write(op, dojos, 'default', 'web', { subresource: 'status', changedPaths: [lastTransition] });
    }
    expect(activity.snapshot().hotLoops).toEqual([]);
    journal.advance(300);
    journal.write(op, dojos, 'default', 'web', { subresource: 'status', changedPaths: [lastTransition, 'status.observedGeneration'] });
    const [loop] = activity.snapshot().hotLoops;
    expect(loop).toMatchObject({
      kind: 'churn',
      writers: ['my-operator'],
      fieldPaths: [lastTransition],
      resource: 'dojos/status',
      object: { kind: 'Dojo', name: 'web' },
      active: true,
      writes: 10,
    });
    expect(loop!.cure).toMatch(/audit stream/);
  });

  it('names metadata.generation when whole-object updates say only that the generation rose, and no field when only the resourceVersion moved', () => {
    const { journal, activity } = auditView();
    for (let i = 1; i <= 11; i++) {
      journal.advance(200);
      journal.request(op, dojos, { verb: 'update', namespace: 'default', name: 'web', rvReturned: String(5000 + i), generation: i });
      journal.request(op, dojos, { verb: 'update', namespace: 'default', name: 'api', subresource: 'status', rvReturned: String(6000 + i) });
    }
    expect(
      activity
        .snapshot()
        .hotLoops.map((l) => [l.object.name, l.resource, l.fieldPaths])
        .sort(),
    ).toEqual([
      ['api', 'dojos/status', []],
      ['web', 'dojos', ['metadata.generation']],
    ]);
  });

  it('does not count updates that changed nothing (the server answers them with the same resourceVersion)', () => {
    const { journal, activity } = auditView();
    for (let i = 0; i < 20; i++) {
      journal.advance(100);
      journal.request(op, dojos, { verb: 'update', namespace: 'default', name: 'web', subresource: 'status', rvReturned: '4242' });
    }
    expect(activity.snapshot().hotLoops).toEqual([]);
  });

  it('does not flag a writer that reacts to another client writing an object it controls, however often', () => {
    const { journal, activity } = auditView();
    const owner = { group: 'core.jutsu.com', kind: 'Dojo', name: 'web' };
    const replicaSets = {
      user: 'system:kube-controller-manager',
      userAgent: 'kube-controller-manager/v1.33.0 (linux/amd64) kubernetes/abc/replicaset-controller',
    };
    const kubelet = { user: 'system:node:worker-1', userAgent: 'kubelet/v1.33.0 (linux/amd64) kubernetes/abc' };
    const pods = { group: '', version: 'v1', resource: 'pods', kind: 'Pod' };
    journal.write(op, deployments, 'default', 'web', { verb: 'create', owner });
    for (let i = 0; i < 30; i++) {
      // A Pod becomes ready (its owner chain, simplified: the Deployment), the Deployment's status follows, then the Dojo's.
      journal.advance(100);
      journal.write(kubelet, pods, 'default', `web-${i}`, { verb: 'create', owner: { group: 'apps', kind: 'Deployment', name: 'web' } });
      journal.advance(50);
      journal.write(replicaSets, deployments, 'default', 'web', { subresource: 'status', changedPaths: ['status.readyReplicas'] });
      journal.advance(50);
      journal.write(op, dojos, 'default', 'web', { subresource: 'status', changedPaths: ['status.readyReplicas'] });
    }
    expect(activity.snapshot().hotLoops).toEqual([]);
  });

  it('does not flag nine writes, nor ten spread over more than 10 s', () => {
    const { journal, activity } = auditView();
    for (let i = 0; i < 10; i++) {
      journal.advance(100);
      journal.write(op, dojos, 'default', 'web', { subresource: 'status', changedPaths: [lastTransition] });
    }
    for (let i = 0; i < 10; i++) {
      journal.advance(1_200);
      journal.write(op, dojos, 'default', 'other', { subresource: 'status', changedPaths: [lastTransition] });
    }
    expect(activity.snapshot().hotLoops).toEqual([]);
  });

  it('leaves a client that receives watch events to the echo rule, which can tell why it writes', () => {
    const journal = new SimulatedJournal((record) => activity.ingest(record));
    const activity = new Activity({ clock: journal.clock, emit: () => {}, identifier: new ClientIdentifier() });
    journal.watch(op, dojos);
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    for (let i = 0; i < 12; i++) {
      journal.advance(100);
      journal.write(op, dojos, 'default', 'web', { subresource: 'status', changedPaths: [lastTransition] });
    }
    expect(activity.snapshot().hotLoops.map((l) => l.kind)).toEqual(['self']);
  });
});

import { describe, expect, it } from 'vitest';
import { observeActivity } from './testing/observed-activity.ts';
import { deployments, dojos, kubectl, operator } from './testing/simulated-journal.ts';

const op = operator('my-operator');
const dojoOwner = (name: string) => ({ group: 'core.jutsu.com', kind: 'Dojo', name });

describe('inferred reconciles', () => {
  it("groups an operator's requests about one Dojo into a pass triggered by the event that reached it just before", () => {
    const { journal, activity, starts, ends, calls } = observeActivity();
    journal.watch(op, dojos);
    journal.watch(op, deployments);
    const rv = journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    journal.advance(15);
    journal.get(op, dojos, 'default', 'web');
    journal.advance(3);
    journal.write(op, deployments, 'default', 'web', { verb: 'create', owner: dojoOwner('web') });
    journal.advance(3);
    journal.write(op, dojos, 'default', 'web', { subresource: 'status', changedPaths: ['status.conditions'] });
    journal.advance(2000);
    activity.tick();

    expect(starts()).toHaveLength(1);
    const [start] = starts();
    const web = { group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name: 'web' };
    // Records name the object by identity, so an object's Reconciles tab and history find them.
    expect(start).toMatchObject({ controller: 'my-operator', key: 'default/web', worker: 0, object: web });
    expect(start!.inferred).toMatchObject({
      client: 'my-operator',
      rule: 'same-object-event',
      confidence: 0.9,
      object: { group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name: 'web' },
    });
    expect(start!.inferred!.explanation).toMatch(/^ADDED Dojo default\/web @ RV \d+, 1\d ms before reached my-operator$/);
    expect(start!.triggers).toEqual([
      expect.objectContaining({ reason: 'watch', event: 'ADDED', kind: 'Dojo', key: 'default/web', resourceVersion: rv, inferred: true }),
    ]);
    expect(calls(start!.reconcileId).map((c) => `${c.verb} ${c.resource} ${c.code}`)).toEqual([
      'get dojos 200',
      'create deployments 201',
      'patch dojos/status 200',
    ]);
    expect(calls(start!.reconcileId).map((c) => c.object)).toEqual([web, web, web]);
    expect(ends()).toEqual([expect.objectContaining({ reconcileId: start!.reconcileId, result: 'success', object: web })]);
  });

  it("starts a new pass when the operator repeats a write after its own write's echo", () => {
    const { journal, activity, starts } = observeActivity();
    journal.watch(op, dojos);
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    for (let i = 0; i < 3; i++) {
      journal.advance(10);
      journal.write(op, dojos, 'default', 'web', { subresource: 'status', changedPaths: ['status.observedGeneration'] });
    }
    journal.advance(2000);
    activity.tick();
    expect(starts().map((s) => s.inferred!.rule)).toEqual(['same-object-event', 'same-object-event', 'same-object-event']);
    expect(starts().map((s) => s.triggers[0]!.resourceVersion)).toEqual(['1001', '1002', '1003']);
  });

  it('files a read of a child that does not exist yet under the event waiting for its pass, and is sure of it once the pass creates that child', () => {
    const { journal, activity, starts, calls } = observeActivity();
    journal.watch(op, dojos);
    journal.watch(op, deployments);
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    journal.advance(10);
    journal.get(op, deployments, 'default', 'web-app');
    journal.advance(3);
    journal.write(op, deployments, 'default', 'web-app', { verb: 'create', owner: dojoOwner('web') });
    journal.advance(5);
    // The echo of that create (owned by the Dojo) comes back; re-reading the Dojo then is a new pass.
    journal.get(op, dojos, 'default', 'web');
    journal.advance(2000);
    activity.tick();
    expect(starts().map((s) => [s.key, s.inferred!.rule, s.inferred!.confidence])).toEqual([
      ['default/web', 'same-object-event', 0.9],
      ['default/web', 'owned-object-event', 0.8],
    ]);
    expect(starts()[0]!.inferred!.explanation).toMatch(
      /its first request was about Deployment default\/web-app, which it then wrote as a child of Dojo default\/web$/,
    );
    expect(calls(starts()[0]!.reconcileId).map((c) => `${c.verb} ${c.resource} ${c.code}`)).toEqual(['get deployments 404', 'create deployments 201']);
  });

  it('moves a pass filed under the wrong waiting event to the owner the pass then creates the read child for', () => {
    // kube-rs in a new namespace: the root CA publisher's ConfigMap (owned by no one) reaches
    // the operator's ConfigMap watch just before the Dojo does. The read of the child that is
    // not there yet is first filed under the oldest waiting event, the unrelated one; creating
    // that child as the Dojo's shows whose pass it was.
    const { journal, activity, starts, calls } = observeActivity();
    journal.watch(op, dojos);
    journal.watch(op, deployments);
    journal.write(kubectl, deployments, 'default', 'unrelated', { verb: 'create' });
    journal.advance(5);
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    journal.advance(10);
    journal.get(op, deployments, 'default', 'web-app');
    journal.advance(3);
    journal.write(op, deployments, 'default', 'web-app', { verb: 'create', owner: dojoOwner('web') });
    journal.advance(2000);
    activity.tick();
    expect(starts().map((s) => [s.key, s.inferred!.rule, s.inferred!.confidence])).toEqual([['default/web', 'same-object-event', 0.9]]);
    expect(starts()[0]!.inferred!.explanation).toMatch(
      /^ADDED Dojo default\/web @ RV \d+, \d+ ms before reached my-operator; its first request was about Deployment default\/web-app, which it then wrote as a child of Dojo default\/web$/,
    );
    expect(calls(starts()[0]!.reconcileId).map((c) => `${c.verb} ${c.resource} ${c.code}`)).toEqual(['get deployments 404', 'create deployments 201']);
    // The unrelated event was not used up by the pass it did not cause: it still triggers its own.
    journal.get(op, deployments, 'default', 'unrelated');
    journal.advance(2000);
    activity.tick();
    expect(starts().map((s) => [s.key, s.inferred!.rule])).toEqual([
      ['default/web', 'same-object-event'],
      ['default/unrelated', 'same-object-event'],
    ]);
  });

  it("keeps in one pass what follows the echo of the pass's own child (an Event it publishes), and gives that echo to the next pass", () => {
    // kube-rs: get-or-create the child, then publish an Event and write status, in one reconcile.
    // The child's ADDED reaches the operator before its Event create; it must not split the pass.
    const events = { group: 'events.k8s.io', version: 'v1', resource: 'events', kind: 'Event' };
    const { journal, activity, starts, calls } = observeActivity();
    // Its informers list, then watch, Dojos and their Deployments.
    journal.list(op, dojos);
    journal.list(op, deployments);
    journal.watch(op, dojos);
    journal.watch(op, deployments);
    journal.advance(20_000);
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    journal.advance(10);
    journal.get(op, deployments, 'default', 'web-app');
    journal.advance(3);
    const child = journal.write(op, deployments, 'default', 'web-app', { verb: 'create', owner: dojoOwner('web') });
    journal.advance(10);
    journal.write(op, events, 'default', 'web.18ec2ff80fe98094', { verb: 'create' });
    journal.advance(3);
    journal.write(op, dojos, 'default', 'web', { subresource: 'status', changedPaths: ['status.observedGeneration'] });
    journal.advance(20);
    // The next reconcile, brought by the child's ADDED and the status write's echo, reads the
    // child again (kube-rs's get-or-create finds it now) and has nothing to write.
    journal.get(op, deployments, 'default', 'web-app');
    journal.advance(2000);
    activity.tick();
    expect(starts().map((s) => [s.key, s.inferred!.rule])).toEqual([
      ['default/web', 'same-object-event'],
      ['default/web', 'same-object-event'],
    ]);
    expect(calls(starts()[0]!.reconcileId).map((c) => `${c.verb} ${c.resource} ${c.code}`)).toEqual([
      'get deployments 404',
      'create deployments 201',
      'create events 201',
      'patch dojos/status 200',
    ]);
    expect(starts()[1]!.triggers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reason: 'owned', event: 'ADDED', kind: 'Deployment', key: 'default/web-app', resourceVersion: child }),
      ]),
    );
  });

  it('stays a little less sure when the pass does not go on to write the object its first request read', () => {
    const { journal, activity, starts, calls } = observeActivity();
    journal.watch(op, dojos);
    journal.watch(op, deployments);
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    journal.advance(10);
    // A read of something that is not there (a referenced object), then the Dojo's own status.
    journal.get(op, deployments, 'default', 'shared-config');
    journal.advance(3);
    journal.write(op, dojos, 'default', 'web', { subresource: 'status', changedPaths: ['status.conditions'] });
    journal.advance(2000);
    activity.tick();
    expect(starts().map((s) => [s.key, s.inferred!.rule, s.inferred!.confidence])).toEqual([['default/web', 'same-object-event', 0.7]]);
    expect(starts()[0]!.inferred!.explanation).toMatch(/its first request was about Deployment default\/shared-config, assumed to be part of this pass$/);
    expect(calls(starts()[0]!.reconcileId).map((c) => `${c.verb} ${c.resource} ${c.code}`)).toEqual(['get deployments 404', 'patch dojos/status 200']);
  });

  it('settles a pass whose only request was the assumed read when the pass ends, still less sure', () => {
    const { journal, activity, starts, ends, calls } = observeActivity();
    journal.watch(op, dojos);
    journal.watch(op, deployments);
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    journal.advance(10);
    journal.get(op, deployments, 'default', 'web-app');
    journal.advance(2000);
    activity.tick();
    expect(starts().map((s) => s.inferred!.confidence)).toEqual([0.7]);
    expect(calls(starts()[0]!.reconcileId).map((c) => `${c.verb} ${c.resource} ${c.code}`)).toEqual(['get deployments 404']);
    expect(ends().map((e) => e.reconcileId)).toEqual([starts()[0]!.reconcileId]);
  });

  it("files a change of a Deployment it controls under the owning Dojo's pass", () => {
    const { journal, activity, starts } = observeActivity();
    journal.watch(op, deployments);
    journal.write(kubectl, deployments, 'default', 'web', { verb: 'create', owner: dojoOwner('web') });
    journal.advance(20);
    journal.write(op, dojos, 'default', 'web', { verb: 'create' });
    journal.advance(5);
    journal.write(op, dojos, 'default', 'web', { subresource: 'status', changedPaths: ['status.readyReplicas'] });
    journal.advance(2000);
    activity.tick();
    expect(starts()).toHaveLength(1);
    expect(starts()[0]!.inferred).toMatchObject({ rule: 'owned-object-event', confidence: 0.8 });
    expect(starts()[0]!.triggers[0]).toMatchObject({ reason: 'owned', kind: 'Deployment', key: 'default/web' });
  });

  it('says a pass after a list with no event came from the list, a steady rhythm is periodic, and anything else a requeue', () => {
    const { journal, activity, starts } = observeActivity();
    journal.list(op, dojos);
    journal.advance(50);
    journal.get(op, dojos, 'default', 'a');
    for (let i = 0; i < 4; i++) {
      journal.advance(30_000);
      journal.get(op, dojos, 'default', 'a');
    }
    journal.advance(7000);
    journal.get(op, dojos, 'default', 'a');
    journal.advance(2000);
    activity.tick();
    expect(starts().map((s) => [s.inferred!.rule, s.inferred!.confidence])).toEqual([
      ['initial-list', 0.6],
      ['no-trigger', 0.3],
      ['no-trigger', 0.3],
      ['periodic', 0.6],
      ['periodic', 0.6],
      ['no-trigger', 0.3],
    ]);
    expect(starts()[3]!.triggers).toEqual([{ reason: 'resync', inferred: true, intervalMs: 30_000 }]);
    expect(starts()[5]!.triggers).toEqual([{ reason: 'requeue', inferred: true }]);
  });

  it('puts passes of one client that overlap on separate lanes, and reuses a lane once it is free', () => {
    const { journal, activity, starts } = observeActivity();
    journal.get(op, dojos, 'default', 'a');
    journal.advance(100);
    journal.get(op, dojos, 'default', 'b');
    journal.advance(2000);
    activity.tick();
    journal.get(op, dojos, 'default', 'c');
    expect(starts().map((s) => [s.key, s.worker])).toEqual([
      ['default/a', 0],
      ['default/b', 1],
      ['default/c', 0],
    ]);
  });

  it('keeps a retry after a 409 inside the pass and ends it as a conflict naming who won', () => {
    const { journal, activity, ends, calls, conflicts } = observeActivity();
    journal.watch(op, dojos);
    const stale = journal.write(op, dojos, 'default', 'web', { verb: 'create' });
    journal.advance(2000);
    activity.tick();
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'update', changedPaths: ['spec.title'], fieldManager: 'kubectl-edit' });
    journal.advance(10);
    journal.conflict(op, dojos, 'default', 'web', stale);
    journal.advance(5);
    journal.get(op, dojos, 'default', 'web');
    journal.advance(5);
    journal.write(op, dojos, 'default', 'web', { verb: 'update', changedPaths: ['metadata.labels.seen'] });
    journal.advance(2000);
    activity.tick();
    const pass = ends()[1]!;
    expect(pass.result).toBe('conflict');
    expect(calls(pass.reconcileId).map((c) => `${c.verb} ${c.code}`)).toEqual(['update 409', 'get 200', 'update 200']);
    expect(conflicts()).toEqual([
      expect.objectContaining({
        controller: 'my-operator',
        key: 'default/web',
        resource: 'dojos',
        staleRV: stale,
        currentRV: '1002',
        currentManager: 'kubectl-edit',
        currentClient: 'kubectl',
        reconcileId: pass.reconcileId,
      }),
    ]);
  });

  it("reports kubectl's 409s without inventing reconciles for it", () => {
    const { journal, activity, starts, conflicts } = observeActivity();
    const stale = journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    journal.write(op, dojos, 'default', 'web', { changedPaths: ['spec.title'] });
    journal.conflict(kubectl, dojos, 'default', 'web', stale);
    journal.advance(2000);
    activity.tick();
    expect(starts().every((s) => s.controller === 'my-operator')).toBe(true);
    expect(conflicts()).toEqual([expect.objectContaining({ controller: 'kubectl', currentClient: 'my-operator', currentManager: 'my-operator' })]);
    expect(conflicts()[0]!.reconcileId).toBeUndefined();
  });

  it('ends a pass with an error as an error, and a read that found nothing as a success', () => {
    const { journal, activity, ends } = observeActivity();
    journal.get(op, dojos, 'default', 'missing');
    journal.advance(2000);
    activity.tick();
    journal.request(op, dojos, { verb: 'patch', namespace: 'default', name: 'web', code: 422, reason: 'Invalid' });
    journal.advance(2000);
    activity.tick();
    expect(ends().map((e) => [e.result, e.error])).toEqual([
      ['success', undefined],
      ['error', '422 Invalid on patch dojos web'],
    ]);
  });

  it('after a resync, ends the passes it saw half of and links no pass to events it may have lost', () => {
    const { journal, activity, starts, ends } = observeActivity();
    journal.watch(op, dojos);
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    journal.advance(10);
    journal.get(op, dojos, 'default', 'x');
    activity.hello({ type: 'hello', oldestSeq: 10, lastSeq: 20, resync: true, openWatches: [] });
    expect(ends()).toHaveLength(1);
    journal.advance(10);
    journal.get(op, dojos, 'default', 'web');
    expect(starts()[1]!.inferred!.rule).toBe('no-trigger');
  });
});

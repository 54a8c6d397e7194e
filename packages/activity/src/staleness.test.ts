import { describe, expect, it } from 'vitest';
import { Activity } from './activity.ts';
import { ClientIdentifier } from './client-identity.ts';
import { dojos, kubectl, operator, SimulatedJournal } from './testing/simulated-journal.ts';

const op = operator('my-operator');
const dojoResource = 'core.jutsu.com/dojos';

function observed() {
  const journal = new SimulatedJournal((record) => activity.ingest(record));
  const activity = new Activity({ clock: journal.clock, emit: () => {}, identifier: new ClientIdentifier() });
  return { journal, activity };
}

const stalenessOf = (activity: Activity, client: string) => activity.staleness(client).resources;

describe('staleness per client and resource', () => {
  it('is zero for a watch every event reached, its store resource version the server newest', () => {
    const { journal, activity } = observed();
    const watchId = journal.watch(op, dojos);
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    journal.advance(500);
    const rv = journal.write(kubectl, dojos, 'default', 'web', { changedPaths: ['spec.replicas'] });
    journal.advance(5_000);
    expect(stalenessOf(activity, 'my-operator')).toEqual([
      { resource: dojoResource, watchIds: [watchId], storeResourceVersion: rv, serverResourceVersion: rv, versionsBehind: 0, secondsBehind: 0 },
    ]);
  });

  it('counts the versions a held watch was not delivered, and the seconds since the oldest of them was written', () => {
    const { journal, activity } = observed();
    const watchId = journal.watch(op, dojos);
    const seen = journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    journal.hold(watchId);
    journal.advance(1_000);
    journal.write(kubectl, dojos, 'default', 'web', { changedPaths: ['spec.replicas'] });
    journal.advance(1_000);
    journal.write(kubectl, dojos, 'default', 'other', { verb: 'create' });
    journal.advance(1_000);
    const newest = journal.write(kubectl, dojos, 'default', 'web', { changedPaths: ['spec.title'] });
    journal.advance(2_000);
    expect(stalenessOf(activity, 'my-operator')).toEqual([
      { resource: dojoResource, watchIds: [watchId], storeResourceVersion: seen, serverResourceVersion: newest, versionsBehind: 3, secondsBehind: 4 },
    ]);

    journal.release(watchId);
    expect(stalenessOf(activity, 'my-operator')[0]).toMatchObject({ storeResourceVersion: newest, versionsBehind: 0, secondsBehind: 0 });
  });

  it('moves the store resource version forward on a bookmark, as client-go does', () => {
    const { journal, activity } = observed();
    const watchId = journal.watch(op, dojos, { namespace: 'team-a' });
    journal.write(kubectl, dojos, 'team-a', 'web', { verb: 'create' });
    const elsewhere = journal.write(kubectl, dojos, 'team-b', 'web', { verb: 'create' });
    journal.bookmark(watchId);
    expect(stalenessOf(activity, 'my-operator')[0]).toMatchObject({ storeResourceVersion: elsewhere, versionsBehind: 0 });
  });

  it('counts only the writes in a namespaced watch’s namespace', () => {
    const { journal, activity } = observed();
    const watchId = journal.watch(op, dojos, { namespace: 'team-a' });
    journal.write(kubectl, dojos, 'team-a', 'web', { verb: 'create' });
    journal.hold(watchId);
    journal.write(kubectl, dojos, 'team-b', 'web', { verb: 'create' });
    journal.write(kubectl, dojos, 'team-a', 'web', { changedPaths: ['spec.replicas'] });
    expect(stalenessOf(activity, 'my-operator')[0]).toMatchObject({ versionsBehind: 1 });
  });

  it('on a watch with a label selector, counts only objects it was seen to deliver, and says so', () => {
    const { journal, activity } = observed();
    const watchId = journal.watch(op, dojos, { labelSelector: 'app=web' });
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    journal.hold(watchId);
    journal.write(kubectl, dojos, 'default', 'unlabelled', { verb: 'create' });
    journal.write(kubectl, dojos, 'default', 'web', { changedPaths: ['spec.replicas'] });
    expect(stalenessOf(activity, 'my-operator')[0]).toMatchObject({ versionsBehind: 1, selector: true });
  });

  it('reports each client on its own, the most stale of its watches of a resource deciding', () => {
    const { journal, activity } = observed();
    const lagging = journal.watch(op, dojos, { namespace: 'team-a' });
    const current = journal.watch(op, dojos, { namespace: 'team-b' });
    journal.watch(kubectl, dojos);
    journal.hold(lagging);
    journal.write(kubectl, dojos, 'team-a', 'web', { verb: 'create' });
    journal.write(kubectl, dojos, 'team-b', 'web', { verb: 'create' });
    expect(stalenessOf(activity, 'my-operator')).toEqual([expect.objectContaining({ watchIds: [lagging, current], versionsBehind: 1 })]);
    expect(activity.snapshot().staleness.map((c) => [c.client, c.resources.map((r) => r.versionsBehind)])).toEqual([
      ['kubectl', [0]],
      ['my-operator', [1]],
    ]);
  });

  it('forgets a watch once it closed', () => {
    const { journal, activity } = observed();
    const watchId = journal.watch(op, dojos);
    journal.hold(watchId);
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    journal.closeWatch(watchId);
    expect(stalenessOf(activity, 'my-operator')).toEqual([]);
  });
});

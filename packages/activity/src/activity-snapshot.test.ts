import { describe, expect, it } from 'vitest';
import { observeActivity } from './testing/observed-activity.ts';
import { deployments, dojos, kubectl, operator } from './testing/simulated-journal.ts';

const op = operator('my-operator');

describe('client summaries', () => {
  it('counts requests, writes, errors and 409s per client, with rates over the last 10 seconds (or since it appeared)', () => {
    const { journal, activity } = observeActivity();
    for (let i = 0; i < 20; i++) {
      journal.get(op, dojos, 'default', 'missing');
      journal.advance(100);
    }
    const stale = journal.write(op, dojos, 'default', 'web', { verb: 'create' });
    journal.write(kubectl, dojos, 'default', 'web', { changedPaths: ['spec.title'], fieldManager: 'kubectl-edit' });
    journal.conflict(op, dojos, 'default', 'web', stale);
    journal.request(op, dojos, { verb: 'create', namespace: 'default', name: 'bad', code: 422, reason: 'Invalid' });
    const clients = activity.snapshot().clients;
    expect(clients.map((c) => c.name)).toEqual(['kubectl', 'my-operator']);
    const mine = clients[1]!;
    expect(mine).toMatchObject({
      kind: 'connected',
      user: 'my-operator',
      userAgents: ['manager/v0.0.0 (linux/amd64) kubernetes/$Format'],
      fieldManagers: ['my-operator'],
    });
    // A read's 404 is an answer, not an error; the 409 is a conflict.
    expect(mine.totals).toMatchObject({ requests: 23, writes: 3, errors: 1, conflicts: 1 });
    // It has been around for 2 seconds: its rates are over those, not diluted over 10.
    expect(mine.requestsPerSecond).toBe(11.5);
    expect(mine.writesPerSecond).toBe(1.5);
    expect(clients[0]).toMatchObject({ kind: 'kubectl', fieldManagers: ['kubectl-edit'], totals: expect.objectContaining({ writes: 1 }) });
    journal.advance(11_000);
    expect(activity.snapshot().clients[1]!.requestsPerSecond).toBe(0);
  });
});

describe('watch summaries', () => {
  it('shows what each watch asked for, from which resourceVersion, what it received, how it ended, and relists', () => {
    const { journal, activity } = observeActivity();
    journal.list(op, dojos);
    const w1 = journal.watch(op, dojos, { resourceVersion: '1000' });
    journal.watch(op, deployments, { namespace: 'default' });
    journal.write(kubectl, dojos, 'default', 'a', { verb: 'create' });
    journal.write(kubectl, dojos, 'default', 'a', { changedPaths: ['spec.title'] });
    journal.closeWatch(w1, 'expired');
    journal.list(op, dojos);
    journal.watch(op, dojos, { resourceVersion: '1002' });

    const [mine] = activity.snapshot().watches;
    expect(mine!.client).toBe('my-operator');
    expect(mine!.lists).toEqual([{ resource: 'dojos', lists: 2, relists: 1 }]);
    expect(mine!.watches.map((w) => [w.resource, w.namespace, w.startResourceVersion, w.closeReason])).toEqual([
      ['deployments', 'default', undefined, undefined],
      ['dojos', undefined, '1002', undefined],
      ['dojos', undefined, '1000', 'expired'],
    ]);
    expect(mine!.watches[2]!.events).toEqual({ added: 1, modified: 1, deleted: 0, bookmarks: 0, errors: 0 });
    expect(mine!.watches[2]!.lastResourceVersion).toBe('1002');
    expect(activity.snapshot().clients.find((c) => c.name === 'my-operator')).toMatchObject({
      watchesHeld: 2,
      totals: expect.objectContaining({ watchEvents: 2 }),
    });
  });

  it('learns the watches open before it started reading from the hello, and closes the ones that ended unseen', () => {
    const { journal, activity } = observeActivity();
    const gone = journal.watch(op, dojos);
    activity.hello({
      type: 'hello',
      oldestSeq: 1,
      lastSeq: 1,
      resync: false,
      openWatches: [
        {
          type: 'watch-open',
          seq: 7,
          time: journal.time,
          user: 'late',
          watchId: 'w7',
          group: 'apps',
          version: 'v1',
          resource: 'deployments',
          bookmarks: false,
        },
      ],
    });
    const watches = activity.snapshot().watches;
    expect(watches.find((w) => w.client === 'late')!.watches[0]).toMatchObject({ watchId: 'w7', resource: 'deployments' });
    expect(watches.find((w) => w.client === 'my-operator')!.watches[0]).toMatchObject({
      watchId: gone,
      closeReason: 'closed while the console was not reading the journal',
    });
  });
});

describe('bounded clients', () => {
  it('keeps at most its limit of clients, folds the rest into a counted "other", and never folds kubectl', () => {
    const { journal, activity } = observeActivity({ clients: { limit: 3, idleMs: 60_000 } });
    for (let i = 0; i < 10; i++) journal.get({ user: 'admin', userAgent: `agent-${i}/1.0` }, dojos, 'default', 'web');
    journal.get(kubectl, dojos, 'default', 'web');
    const snapshot = activity.snapshot();
    expect(snapshot.clients.map((c) => c.name)).toEqual(['agent-0', 'agent-1', 'agent-2', 'kubectl']);
    expect(snapshot.overflow?.clients).toMatchObject({ limit: 3, folded: 7, foldedEvents: 7, evicted: 0 });
  });

  it('gives the place of a client idle beyond the limit to a new one', () => {
    const { journal, activity } = observeActivity({ clients: { limit: 2, idleMs: 60_000 } });
    journal.get(operator('quiet'), dojos, 'default', 'web');
    journal.get(operator('busy'), dojos, 'default', 'web');
    journal.advance(61_000);
    journal.get(operator('busy'), dojos, 'default', 'web');
    journal.get(operator('new'), dojos, 'default', 'web');
    expect(activity.snapshot().clients.map((c) => c.name)).toEqual(['busy', 'new']);
    expect(activity.snapshot().overflow?.clients).toMatchObject({ folded: 0, evicted: 1 });
  });
});

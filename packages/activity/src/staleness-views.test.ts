import { describe, expect, it } from 'vitest';
import { ClientViews, type Mark } from './staleness-views.ts';

const web = { resource: 'apps/deployments', namespace: 'default', name: 'web' };
const mark = (rv: number, time: number, through: Mark['through'] = 'watch'): Mark => ({ rv, time, seq: rv, through });

describe('what each client was shown', () => {
  it('takes a watch’s store resource version as the view of every object in its scope, at the time it was delivered', () => {
    const views = new ClientViews();
    views.watchOpened({ watchId: 'w1', client: 'op', resource: 'apps/deployments', namespace: 'default', selector: false });
    views.delivered('w1', mark(10, 100), { resource: 'apps/deployments', namespace: 'default', name: 'other' });
    expect(views.seen(['op'], web, 1_000, 150)).toEqual({ view: mark(10, 100) });
    expect(views.seen(['op'], web, 1_000, 99)).toEqual({});
    expect(views.seen(['op'], { ...web, namespace: 'elsewhere' }, 1_000, 150)).toEqual({});
  });

  it('never counts the version a write made, or anything newer, as seen by that write', () => {
    const views = new ClientViews();
    views.shownObject('op', web, mark(10, 100, 'get'));
    views.shownObject('op', web, mark(12, 101, 'write'));
    expect(views.seen(['op'], web, 12, 200)).toEqual({ view: mark(10, 100, 'get'), object: mark(10, 100, 'get') });
  });

  it('keeps a closed watch’s last delivery as a view of its scope (the client’s cache keeps it), a selector watch’s only per object', () => {
    const views = new ClientViews();
    views.watchOpened({ watchId: 'w1', client: 'op', resource: 'apps/deployments', selector: false });
    views.watchOpened({ watchId: 'w2', client: 'op', resource: 'apps/deployments', selector: true });
    views.delivered('w1', mark(10, 100));
    views.delivered('w2', mark(11, 101), { resource: 'apps/deployments', namespace: 'default', name: 'labelled' });
    views.watchClosed('w1');
    views.watchClosed('w2');
    expect(views.seen(['op'], web, 1_000, 200).view?.rv).toBe(10);
    expect(views.seen(['op'], { ...web, name: 'labelled' }, 1_000, 200).view?.rv).toBe(11);
  });

  it('follows at most its limit of open watches, forgetting the oldest', () => {
    const views = new ClientViews({ openWatches: 2 });
    for (const id of ['w1', 'w2', 'w3']) views.watchOpened({ watchId: id, client: 'op', resource: 'apps/deployments', selector: false });
    expect([...views.openWatches()].map((w) => w.watchId)).toEqual(['w2', 'w3']);
    views.delivered('w1', mark(10, 100));
    expect(views.seen(['op'], web, 1_000, 200)).toEqual({});
  });

  it('reads through every viewer given: a controller through the console’s shared informers', () => {
    const views = new ClientViews();
    views.watchOpened({ watchId: 'w1', client: 'dojo-console', resource: 'apps/deployments', selector: false });
    views.delivered('w1', mark(10, 100));
    expect(views.seen(['deployment-controller'], web, 1_000, 200)).toEqual({});
    expect(views.seen(['deployment-controller', 'dojo-console'], web, 1_000, 200).view?.rv).toBe(10);
  });
});

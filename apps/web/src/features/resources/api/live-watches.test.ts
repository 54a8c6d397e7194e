import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { KubeList } from '@dojo/kube-api';
import { connectedLiveSocket, manualFrames, type FakeSocket } from '../../../lib/testing/fake-socket.ts';
import { retainListWatch } from './live-watches.ts';

const { scheduler, runFrames: nextFrame } = manualFrames();

const dojos = { group: 'core.jutsu.com', version: 'v1', resource: 'dojos' };
const key = ['resources', 'core.jutsu.com', 'v1', 'dojos', 'list', 'default'];
const dojo = (name: string, rv: string) => ({ metadata: { name, namespace: 'default', uid: name, resourceVersion: rv } });
const list = (rv: string, ...names: string[]): KubeList => ({
  apiVersion: 'v1',
  kind: 'List',
  metadata: { resourceVersion: rv },
  items: names.map((n) => dojo(n, rv)),
});

function setup(listFromServer: () => KubeList) {
  const { socket, live } = connectedLiveSocket();
  const queryClient = new QueryClient();
  queryClient.setQueryDefaults(key, { queryFn: async () => listFromServer() });
  return { socket, live, queryClient };
}

const watches = (socket: FakeSocket) => socket.sent.filter((m) => m.op === 'subscribe' && m.kind === 'watch');

describe('retainListWatch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('watches from the list resourceVersion and folds events into the cached list once per frame', async () => {
    const { socket, live, queryClient } = setup(() => list('10', 'a'));
    await queryClient.fetchQuery({ queryKey: key });
    retainListWatch(live, queryClient, key, dojos, { namespace: 'default' }, scheduler);
    expect(watches(socket)).toEqual([{ op: 'subscribe', id: 's1', kind: 'watch', resource: dojos, namespace: 'default', resourceVersion: '10' }]);
    socket.receive({ id: 's1', type: 'watch-event', event: { type: 'ADDED', object: dojo('b', '11') } });
    socket.receive({ id: 's1', type: 'watch-event', event: { type: 'DELETED', object: dojo('a', '12') } });
    expect(queryClient.getQueryData<KubeList>(key)?.items.map((o) => o.metadata.name)).toEqual(['a']);
    nextFrame();
    const cached = queryClient.getQueryData<KubeList>(key)!;
    expect(cached.items.map((o) => o.metadata.name)).toEqual(['b']);
    expect(cached.metadata.resourceVersion).toBe('12');
  });

  it('lists again on relist and watches anew from the new resourceVersion', async () => {
    let server = list('10', 'a');
    const { socket, live, queryClient } = setup(() => server);
    await queryClient.fetchQuery({ queryKey: key });
    retainListWatch(live, queryClient, key, dojos, { namespace: 'default' }, scheduler);
    server = list('50', 'a', 'c');
    socket.receive({ id: 's1', type: 'relist', reason: 'resourceVersion too old (410 Gone)' });
    await vi.waitFor(() => expect(watches(socket)).toHaveLength(2));
    expect(watches(socket)[1]).toMatchObject({ id: 's2', resourceVersion: '50' });
    expect(queryClient.getQueryData<KubeList>(key)?.items.map((o) => o.metadata.name)).toEqual(['a', 'c']);
  });

  it('shares one watch between holders and stops it a while after the last one lets go', async () => {
    const { socket, live, queryClient } = setup(() => list('10', 'a'));
    await queryClient.fetchQuery({ queryKey: key });
    const releaseA = retainListWatch(live, queryClient, key, dojos, { namespace: 'default' }, scheduler);
    const releaseB = retainListWatch(live, queryClient, key, dojos, { namespace: 'default' }, scheduler);
    expect(watches(socket)).toHaveLength(1);
    releaseA();
    releaseB();
    expect(socket.sent.filter((m) => m.op === 'unsubscribe')).toEqual([]);
    vi.advanceTimersByTime(5_000);
    expect(socket.sent.filter((m) => m.op === 'unsubscribe')).toEqual([{ op: 'unsubscribe', id: 's1' }]);
  });
});

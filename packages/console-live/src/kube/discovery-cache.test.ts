import { describe, expect, it } from 'vitest';
import type { ServedResource } from '@dojo/console-protocol';
import { FakeClock } from '@dojo/runtime';
import { DiscoveryCache } from './discovery-cache.ts';

const kind = (resource: string): ServedResource => ({ group: '', version: 'v1', resource, kind: resource, namespaced: true, verbs: ['list'] });

/** A discovery that answers what `served` holds now and counts how often it was asked. */
function fakeDiscovery() {
  const state = { reads: 0, served: [kind('pods')], failing: false };
  const discover = async (): Promise<readonly ServedResource[]> => {
    state.reads++;
    if (state.failing) throw new Error('discovery is down');
    return [...state.served];
  };
  return { state, discover };
}

describe('DiscoveryCache', () => {
  it('reads discovery once for all requests within the TTL', async () => {
    const clock = new FakeClock(1_000);
    const { state, discover } = fakeDiscovery();
    const cache = new DiscoveryCache(discover, { clock, ttlMs: 3000 });
    expect(await cache.resources()).toEqual([kind('pods')]);
    state.served = [kind('pods'), kind('widgets')];
    clock.step(3000);
    expect(await cache.resources()).toEqual([kind('pods')]);
    expect(state.reads).toBe(1);
  });

  it('reads again once the TTL has passed, so a new kind shows within seconds', async () => {
    const clock = new FakeClock(1_000);
    const { state, discover } = fakeDiscovery();
    const cache = new DiscoveryCache(discover, { clock, ttlMs: 3000 });
    await cache.resources();
    state.served = [kind('pods'), kind('widgets')];
    clock.step(3001);
    expect((await cache.resources()).map((r) => r.resource)).toEqual(['pods', 'widgets']);
    expect(state.reads).toBe(2);
  });

  it('keeps no failed read: the next request asks the cluster again', async () => {
    const clock = new FakeClock(1_000);
    const { state, discover } = fakeDiscovery();
    const cache = new DiscoveryCache(discover, { clock });
    state.failing = true;
    await expect(cache.resources()).rejects.toThrow('discovery is down');
    state.failing = false;
    expect(await cache.resources()).toEqual([kind('pods')]);
    expect(state.reads).toBe(2);
  });
});

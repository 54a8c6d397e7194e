import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isGone } from '@dojo/kube-api';
import { RevisionedStore, type ChangeEvent } from './revisioned-store.ts';
import { WatchCache, type WatchSink } from './watch-cache.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function newStore(): RevisionedStore {
  const dir = mkdtempSync(join(tmpdir(), 'dojo-watch-'));
  dirs.push(dir);
  return new RevisionedStore(join(dir, 'state.db'));
}

function collector(limit = Infinity): WatchSink & { events: ChangeEvent[]; closed?: string } {
  const sink: WatchSink & { events: ChangeEvent[]; closed?: string } = {
    events: [],
    send(e) {
      sink.events.push(e);
      return sink.events.length < limit;
    },
    close(reason) {
      sink.closed = reason;
    },
  };
  return sink;
}

async function write(store: RevisionedStore, bucket: string, name: string): Promise<number> {
  const w = store.put(bucket, name, (rev) => JSON.stringify({ name, rev }));
  await w.committed;
  return w.rev;
}

describe('WatchCache', () => {
  it('replays history after the given revision and then streams live changes of its bucket only', async () => {
    const store = newStore();
    const cache = new WatchCache(store);
    const r1 = await write(store, 'dojos', 'a');
    const r2 = await write(store, 'dojos', 'b');
    await write(store, 'pods', 'p');
    const sink = collector();
    cache.watch('dojos', r1, sink);
    const r4 = await write(store, 'dojos', 'c');
    expect(sink.events.map((e) => e.rev)).toEqual([r2, r4]);
    await store.close();
  });

  it('answers 410 Expired for a revision older than history, and after a compaction', async () => {
    const store = newStore();
    const cache = new WatchCache(store, { historySize: 2 });
    const first = await write(store, 'dojos', 'a');
    for (let i = 0; i < 5; i++) await write(store, 'dojos', `x${i}`);
    expect(() => cache.watch('dojos', first - 1, collector())).toThrow(/too old resource version/);
    try {
      cache.watch('dojos', first - 1, collector());
    } catch (err) {
      expect(isGone(err)).toBe(true);
    }
    cache.compact();
    expect(() => cache.watch('dojos', store.revision - 1, collector())).toThrow(/too old/);
    expect(() => cache.watch('dojos', store.revision, collector())).not.toThrow();
    await store.close();
  });

  it('closes a watcher that cannot keep up instead of skipping events for it', async () => {
    const store = newStore();
    const cache = new WatchCache(store);
    const slow = collector(2);
    const healthy = collector();
    cache.watch('dojos', store.revision, slow);
    cache.watch('dojos', store.revision, healthy);
    for (let i = 0; i < 4; i++) await write(store, 'dojos', `d${i}`);
    expect(slow.closed).toMatch(/could not keep up/);
    expect(slow.events).toHaveLength(2);
    expect(healthy.events).toHaveLength(4);
    expect(cache.watcherCount).toBe(1);
    await store.close();
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StatusError } from '@dojo/kube-api';
import { RevisionedStore } from '../storage/revisioned-store.ts';
import { WatchCache } from '../storage/watch-cache.ts';
import { storedObjectAt } from './snapshot-read.ts';
import { viewListOptions } from './view-reads.ts';

const opened: { dir: string; store: RevisionedStore }[] = [];
afterEach(async () => {
  for (const { dir, store } of opened.splice(0)) {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

function open() {
  const dir = mkdtempSync(join(tmpdir(), 'dojo-snapshot-read-'));
  const store = new RevisionedStore(join(dir, 'state.db'));
  opened.push({ dir, store });
  return { store, history: new WatchCache(store, { historySize: 4 }) };
}

const doc = (v: string) => (rev: number) => JSON.stringify({ metadata: { name: 'a', resourceVersion: String(rev) }, v });
const valueOf = (json: string | undefined) => (json ? (JSON.parse(json) as { v: string }).v : undefined);

describe('storedObjectAt: one object as of a past revision', () => {
  it('undoes the later changes to it: an update, a delete, and a creation after the revision', async () => {
    const { store, history } = open();
    const created = store.put('cms', 'default/a', doc('1'));
    await created.committed;
    const updated = store.put('cms', 'default/a', doc('2'));
    await updated.committed;
    const deleted = store.delete('cms', 'default/a', (rev, prev) => prev.replace(/"resourceVersion":"\d+"/, `"resourceVersion":"${rev}"`));
    await deleted.committed;
    const other = store.put('cms', 'default/b', doc('b'));
    await other.committed;

    expect(valueOf(storedObjectAt(store, history, 'cms', 'default/a', created.rev)?.json)).toBe('1');
    expect(valueOf(storedObjectAt(store, history, 'cms', 'default/a', updated.rev)?.json)).toBe('2');
    expect(storedObjectAt(store, history, 'cms', 'default/a', deleted.rev)).toBeUndefined();
    expect(storedObjectAt(store, history, 'cms', 'default/b', deleted.rev)).toBeUndefined();
    expect(valueOf(storedObjectAt(store, history, 'cms', 'default/b', other.rev)?.json)).toBe('b');
    expect(storedObjectAt(store, history, 'cms', 'default/a', created.rev)?.rev).toBe(created.rev);
  });

  it('answers 410 Expired once history no longer reaches back to the revision', async () => {
    const { store, history } = open();
    const first = store.put('cms', 'default/a', doc('1'));
    await first.committed;
    history.compact();
    const later = store.put('cms', 'default/a', doc('2'));
    await later.committed;
    let error: unknown;
    try {
      storedObjectAt(store, history, 'cms', 'default/a', first.rev - 1);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(StatusError);
    expect((error as StatusError).status).toMatchObject({ code: 410, reason: 'Expired' });
  });
});

describe("viewListOptions: a paused or stale client's LIST", () => {
  const view = { rev: 42, reason: 'pause' as const };
  it("reads the view's revision exactly", () => {
    expect(viewListOptions({ resourceVersion: '0', limit: 10 }, view)).toEqual({ resourceVersion: '42', resourceVersionMatch: 'Exact', limit: 10 });
  });
  it("keeps a continue token's revision, and an Exact list's own", () => {
    expect(viewListOptions({ continue: 'token' }, view)).toEqual({ continue: 'token' });
    expect(viewListOptions({ resourceVersion: '7', resourceVersionMatch: 'Exact' }, view)).toEqual({ resourceVersion: '7', resourceVersionMatch: 'Exact' });
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RevisionedStore, type ChangeEvent } from './revisioned-store.ts';

const dirs: string[] = [];
function tempDb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dojo-store-'));
  dirs.push(dir);
  return join(dir, 'state.db');
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const json = (rev: number, value: string) => JSON.stringify({ rev, value });

describe('RevisionedStore', () => {
  it('gives every write the next global revision and keeps objects, revision and deletions across a reopen', async () => {
    const path = tempDb();
    const store = new RevisionedStore(path);
    const start = store.revision;
    const a = store.put('dojos', 'default/a', (rev) => json(rev, 'a'));
    const b = store.put('pods', 'default/b', (rev) => json(rev, 'b'));
    expect(b.rev).toBe(a.rev + 1);
    await Promise.all([a.committed, b.committed]);
    const del = store.delete('pods', 'default/b', (rev, prev) => prev.replace(/"rev":\d+/, `"rev":${rev}`));
    await del.committed;
    expect(store.revision).toBe(start + 3);
    await store.close();

    const reopened = new RevisionedStore(path);
    expect(reopened.revision).toBe(start + 3);
    expect(reopened.get('dojos', 'default/a')?.json).toBe(json(a.rev, 'a'));
    expect(reopened.get('pods', 'default/b')).toBeUndefined();
    const next = reopened.put('dojos', 'default/c', (rev) => json(rev, 'c'));
    expect(next.rev).toBe(start + 4);
    await next.committed;
    await reopened.close();
  });

  it('hides a write from readers until it is committed but shows it to the next writer', async () => {
    const store = new RevisionedStore(tempDb());
    const w = store.put('dojos', 'x', (rev) => json(rev, 'x'));
    expect(store.get('dojos', 'x')).toBeUndefined();
    expect(store.getLatest('dojos', 'x')?.rev).toBe(w.rev);
    await w.committed;
    expect(store.get('dojos', 'x')?.rev).toBe(w.rev);
    await store.close();
  });

  it('commits writes of one turn together and publishes them in revision order with previous states', async () => {
    const store = new RevisionedStore(tempDb());
    const seen: ChangeEvent[][] = [];
    store.onChange((events) => seen.push([...events]));
    const first = store.put('dojos', 'x', (rev) => json(rev, 'one'));
    const second = store.put('dojos', 'x', (rev) => json(rev, 'two'));
    await Promise.all([first.committed, second.committed]);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.map((e) => [e.type, e.rev])).toEqual([
      ['ADDED', first.rev],
      ['MODIFIED', second.rev],
    ]);
    expect(seen[0]![1]!.prevJson).toBe(first.json);
    await store.close();
  });

  it('lists a bucket by prefix in name order', async () => {
    const store = new RevisionedStore(tempDb());
    const writes = ['b/2', 'a/1', 'b/1', 'c/1'].map((n) => store.put('dojos', n, (rev) => json(rev, n)));
    await Promise.all(writes.map((w) => w.committed));
    expect(store.list('dojos', 'b/').map((o) => o.name)).toEqual(['b/1', 'b/2']);
    expect(store.list('dojos').map((o) => o.name)).toEqual(['a/1', 'b/1', 'b/2', 'c/1']);
    await store.close();
  });
});

import { describe, expect, it } from 'vitest';
import { BoundedNames } from './bounded-names.ts';

const minute = 60_000;
const book = (onEvict?: (name: string) => void) => new BoundedNames<{ name: string }>({ limit: 3, idleMs: 5 * minute, ...(onEvict ? { onEvict } : {}) });
const admit = (names: BoundedNames<{ name: string }>, name: string, now: number) => names.admit(name, now, () => ({ name }));

describe('BoundedNames', () => {
  it('keeps an entry per name up to its limit, and nothing is folded meanwhile', () => {
    const names = book();
    for (const name of ['a', 'b', 'c']) expect(admit(names, name, 0)).toEqual({ name });
    expect(names.size).toBe(3);
    expect(admit(names, 'a', 1)).toBe(names.get('a'));
    expect(names.overflow()).toBeUndefined();
  });

  it('folds a new name into "other" while every kept name is active, counting distinct names and their events', () => {
    const names = book();
    for (const name of ['a', 'b', 'c']) admit(names, name, 0);
    expect(admit(names, 'd', 1000)).toBeUndefined();
    expect(admit(names, 'd', 2000)).toBeUndefined();
    expect(admit(names, 'e', 3000)).toBeUndefined();
    expect(names.size).toBe(3);
    expect(names.get('d')).toBeUndefined();
    expect(names.overflow()).toEqual({ limit: 3, folded: 2, foldedEvents: 3, evicted: 0, since: 1000 });
  });

  it('forgets the least recently active name once it has been idle long enough, to make room', () => {
    const forgotten: string[] = [];
    const names = book((name) => forgotten.push(name));
    for (const name of ['a', 'b', 'c']) admit(names, name, 0);
    // `a` is active again: `b` is now the least recently active.
    names.touch('a', 4 * minute);
    expect(admit(names, 'd', 5 * minute)).toEqual({ name: 'd' });
    expect(forgotten).toEqual(['b']);
    expect(admit(names, 'e', 5 * minute)).toEqual({ name: 'e' });
    expect(forgotten).toEqual(['b', 'c']);
    // `a` was active a minute ago: no one is idle, `f` is folded.
    expect(admit(names, 'f', 5 * minute)).toBeUndefined();
    expect([...names.entries()].map(([name]) => name)).toEqual(['a', 'd', 'e']);
    expect(names.overflow()).toMatchObject({ folded: 1, evicted: 2 });
  });

  it('orders by the activity it was told, not by when a name arrived', () => {
    const names = book();
    for (const name of ['a', 'b', 'c']) admit(names, name, 0);
    names.touch('c', minute);
    names.touch('a', 2 * minute);
    expect([...names.values()].map((v) => v.name)).toEqual(['b', 'c', 'a']);
  });

  it('counts folded names as "at least" beyond the hashes it remembers', () => {
    const names = new BoundedNames<number>({ limit: 1, idleMs: minute, rememberFolded: 10 });
    names.admit('kept', 0, () => 0);
    for (let i = 0; i < 25; i++) names.admit(`n${i}`, 1, () => i);
    expect(names.overflow()).toMatchObject({ folded: 10, foldedAtLeast: true, foldedEvents: 25 });
  });
});

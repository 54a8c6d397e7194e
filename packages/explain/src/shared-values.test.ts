import { describe, expect, it } from 'vitest';
import { SharedValues } from './shared-values.ts';

describe('SharedValues', () => {
  it('hands back the first copy of a value for every later equal one', () => {
    const shared = new SharedValues<string[]>();
    const first = ['spec.replicas'];
    expect(shared.share('spec.replicas', first)).toBe(first);
    expect(shared.share('spec.replicas', ['spec.replicas'])).toBe(first);
  });

  it('past its capacity hands new values back unshared, and keeps sharing the ones it holds', () => {
    const shared = new SharedValues<{ n: number }>(2);
    const a = shared.share('a', { n: 1 });
    shared.share('b', { n: 2 });
    const c = { n: 3 };
    expect(shared.share('c', c)).toBe(c);
    expect(shared.share('c', { n: 3 })).not.toBe(c);
    expect(shared.share('a', { n: 1 })).toBe(a);
  });
});

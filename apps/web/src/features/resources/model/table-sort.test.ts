import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cellSortKey, durationMs, formatSort, nextSort, parseSort, sortBy } from './table-sort.ts';

describe('table sorting', () => {
  it('reads and writes the order as the URL carries it', () => {
    expect(parseSort('-restarts')).toEqual({ column: 'restarts', direction: 'descending' });
    expect(parseSort('name')).toEqual({ column: 'name', direction: 'ascending' });
    expect(parseSort(undefined)).toBeUndefined();
    expect(formatSort({ column: 'age', direction: 'descending' })).toBe('-age');
  });

  it('sorts a new column ascending and flips the current one', () => {
    expect(nextSort(undefined, 'age')).toEqual({ column: 'age', direction: 'ascending' });
    expect(nextSort({ column: 'age', direction: 'ascending' }, 'age')).toEqual({ column: 'age', direction: 'descending' });
    expect(nextSort({ column: 'age', direction: 'descending' }, 'name')).toEqual({ column: 'name', direction: 'ascending' });
  });

  it('reads the API server ages as durations', () => {
    expect(durationMs('42s')).toBe(42_000);
    expect(durationMs('5m10s')).toBe(310_000);
    expect(durationMs('3d4h')).toBe(3 * 86_400_000 + 4 * 3_600_000);
    expect(durationMs('<invalid>')).toBeUndefined();
  });

  it('orders text naturally, numbers as numbers and ages by length', () => {
    const names = ['pod-10', 'pod-2', 'Pod-1'];
    expect(sortBy(names, (n) => cellSortKey(n, 'string'), 'ascending')).toEqual(['Pod-1', 'pod-2', 'pod-10']);
    expect(sortBy([10, 9, 100], (n) => cellSortKey(n, 'integer'), 'descending')).toEqual([100, 10, 9]);
    expect(sortBy(['2d', '90s', '3h'], (n) => cellSortKey(n, 'date'), 'ascending')).toEqual(['90s', '3h', '2d']);
  });

  it('keeps empty cells last whichever way it sorts', () => {
    const rows = ['b', '', 'a', '<none>'];
    expect(sortBy(rows, (r) => cellSortKey(r, 'string'), 'ascending')).toEqual(['a', 'b', '', '<none>']);
    expect(sortBy(rows, (r) => cellSortKey(r, 'string'), 'descending')).toEqual(['b', 'a', '', '<none>']);
  });

  it('is stable, and descending is ascending reversed when keys differ', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 50 })), (values) => {
        const up = sortBy(values, (v) => v, 'ascending');
        expect(sortBy(values, (v) => v, 'descending')).toEqual([...up].reverse());
      }),
    );
    const pairs = [
      { k: 1, i: 'a' },
      { k: 0, i: 'b' },
      { k: 1, i: 'c' },
    ];
    expect(sortBy(pairs, (p) => p.k, 'descending').map((p) => p.i)).toEqual(['a', 'c', 'b']);
  });
});

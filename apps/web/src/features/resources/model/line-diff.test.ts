import { describe, expect, it } from 'vitest';
import { diffLines } from './line-diff.ts';

const render = (before: string, after: string) => diffLines(before, after).map((l) => `${l.kind === 'same' ? ' ' : l.kind === 'added' ? '+' : '-'}${l.text}`);

describe('diffLines', () => {
  it('shows a changed line as removed then added', () => {
    expect(render('a\nreplicas: 1\nc', 'a\nreplicas: 3\nc')).toEqual([' a', '-replicas: 1', '+replicas: 3', ' c']);
  });

  it('shows inserted and deleted lines', () => {
    expect(render('a\nb\nc', 'a\nc\nd')).toEqual([' a', '-b', ' c', '+d']);
  });

  it('finds nothing to change in equal texts', () => {
    expect(render('x\ny', 'x\ny')).toEqual([' x', ' y']);
  });

  it('rebuilds both texts from its output', () => {
    const before = 'k: 1\nl: 2\nm: 3\nn: 4';
    const after = 'k: 1\nm: 30\nn: 4\no: 5';
    const diff = diffLines(before, after);
    expect(
      diff
        .filter((l) => l.kind !== 'added')
        .map((l) => l.text)
        .join('\n'),
    ).toBe(before);
    expect(
      diff
        .filter((l) => l.kind !== 'removed')
        .map((l) => l.text)
        .join('\n'),
    ).toBe(after);
  });
});

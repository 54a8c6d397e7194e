import { describe, expect, it } from 'vitest';
import { patchDiffLines, readablePath } from './patch-diff.ts';

describe('patchDiffLines', () => {
  it('writes an added label as one + line under its readable path', () => {
    expect(patchDiffLines([{ op: 'add', path: '/metadata/labels/example.com~1team', value: 'blue' }])).toEqual([
      { kind: 'added', text: 'metadata.labels["example.com/team"]: "blue"' },
    ]);
  });

  it('shows a replacement as its path removed and the new value added', () => {
    expect(patchDiffLines([{ op: 'replace', path: '/spec/replicas', value: 3 }])).toEqual([
      { kind: 'removed', text: 'spec.replicas' },
      { kind: 'added', text: 'spec.replicas: 3' },
    ]);
  });

  it('shows a removal by its path alone (the patch carries no old value)', () => {
    expect(patchDiffLines([{ op: 'remove', path: '/metadata/annotations/x' }])).toEqual([{ kind: 'removed', text: 'metadata.annotations.x' }]);
  });

  it('names where a moved or copied value comes from', () => {
    const lines = patchDiffLines([
      { op: 'move', path: '/spec/b', from: '/spec/a' },
      { op: 'copy', path: '/spec/c', from: '/spec/b' },
    ]);
    expect(lines).toEqual([
      { kind: 'removed', text: 'spec.a' },
      { kind: 'added', text: 'spec.b (moved from spec.a)' },
      { kind: 'added', text: 'spec.c (copied from spec.b)' },
    ]);
  });
});

describe('readablePath', () => {
  it('writes list items as indexes and odd keys in brackets', () => {
    expect(readablePath('/spec/containers/0/env/-')).toBe('spec.containers[0].env[-]');
    expect(readablePath('/metadata/annotations/a~0b')).toBe('metadata.annotations["a~b"]');
    expect(readablePath('')).toBe('(the whole object)');
  });
});

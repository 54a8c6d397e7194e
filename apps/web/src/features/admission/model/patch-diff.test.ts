import { describe, expect, it } from 'vitest';
import { patchDiffLines, readablePath } from './patch-diff.ts';

describe('patchDiffLines', () => {
  it('writes an added label as one + line under its readable path', () => {
    expect(patchDiffLines([{ op: 'add', path: '/metadata/labels/example.com~1team', value: 'blue' }])).toEqual([
      { kind: 'added', text: 'metadata.labels["example.com/team"]: "blue"' },
    ]);
  });

  it('shows a replacement as the old value removed and the new one added, when the object before is known', () => {
    const before = { spec: { replicas: 1, ports: [{ port: 80 }] } };
    expect(patchDiffLines([{ op: 'replace', path: '/spec/replicas', value: 3 }], before)).toEqual([
      { kind: 'removed', text: 'spec.replicas: 1' },
      { kind: 'added', text: 'spec.replicas: 3' },
    ]);
  });

  it('shows a removal by its path alone when the object before is not known', () => {
    expect(patchDiffLines([{ op: 'remove', path: '/metadata/annotations/x' }])).toEqual([{ kind: 'removed', text: 'metadata.annotations.x' }]);
  });

  it('replays the operations so that a later one sees what an earlier one wrote', () => {
    const before = { metadata: { labels: { a: '1' } } };
    const lines = patchDiffLines(
      [
        { op: 'replace', path: '/metadata/labels/a', value: '2' },
        { op: 'remove', path: '/metadata/labels/a' },
      ],
      before,
    );
    expect(lines.map((l) => l.text)).toEqual(['metadata.labels.a: "1"', 'metadata.labels.a: "2"', 'metadata.labels.a: "2"']);
    expect(before.metadata.labels.a).toBe('1');
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

import { describe, expect, it } from 'vitest';
import { StatusError } from '@dojo/kube-api';
import { applyMergePatch, createMergePatch, mergePatchObject } from './json-merge-patch.ts';

describe('applyMergePatch', () => {
  // RFC 7386 Appendix A, row by row.
  const examples: [unknown, unknown, unknown][] = [
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [
      ['a', 'b'],
      ['c', 'd'],
      ['c', 'd'],
    ],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ a: 'foo' }, 'bar', 'bar'],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ];

  it.each(examples)('turns %j patched with %j into %j (RFC 7386 appendix A)', (target, patch, result) => {
    expect(applyMergePatch(target, patch)).toEqual(result);
  });

  it('replaces lists wholesale instead of merging them', () => {
    const pod = { spec: { containers: [{ name: 'a' }, { name: 'b' }] } };
    expect(applyMergePatch(pod, { spec: { containers: [{ name: 'c' }] } })).toEqual({ spec: { containers: [{ name: 'c' }] } });
  });
});

describe('mergePatchObject', () => {
  it('rejects a body that is not a JSON object with 400 "Invalid JSON Patch"', () => {
    for (const body of [null, 'x', 3, true]) {
      const err = (() => {
        try {
          mergePatchObject({ metadata: {} }, body);
        } catch (e) {
          return e as StatusError;
        }
      })();
      expect(err).toBeInstanceOf(StatusError);
      expect(err?.code).toBe(400);
      expect(err?.message).toBe('Invalid JSON Patch');
    }
  });

  it('deletes a label with null and keeps the rest of the object', () => {
    const cm = { metadata: { name: 'c', labels: { a: '1', b: '2' } }, data: { k: 'v' } };
    expect(mergePatchObject(cm, { metadata: { labels: { a: null } } })).toEqual({ metadata: { name: 'c', labels: { b: '2' } }, data: { k: 'v' } });
  });
});

describe('createMergePatch', () => {
  it('sends only what changed, with null for removed keys', () => {
    const before = { metadata: { labels: { a: '1', b: '2' } }, spec: { replicas: 1, paused: false } };
    const after = { metadata: { labels: { a: '1', c: '3' } }, spec: { replicas: 3, paused: false } };
    expect(createMergePatch(before, after)).toEqual({ metadata: { labels: { b: null, c: '3' } }, spec: { replicas: 3 } });
  });

  it('is empty when nothing changed', () => {
    expect(createMergePatch({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual({});
  });
});

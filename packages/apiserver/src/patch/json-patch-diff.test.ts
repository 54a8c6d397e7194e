import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyJsonPatch } from './json-patch.ts';
import { createJsonPatch } from './json-patch-diff.ts';

describe('createJsonPatch', () => {
  it('is empty for equal documents, whatever their key order', () => {
    expect(createJsonPatch({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toEqual([]);
  });

  it('adds, removes and replaces members by their JSON pointer', () => {
    const before = { metadata: { labels: { app: 'web' } }, spec: { replicas: 1, paused: true } };
    const after = { metadata: { labels: { app: 'web', 'example.com/team': 'a' } }, spec: { replicas: 3 } };
    expect(createJsonPatch(before, after)).toEqual([
      { op: 'add', path: '/metadata/labels/example.com~1team', value: 'a' },
      { op: 'replace', path: '/spec/replicas', value: 3 },
      { op: 'remove', path: '/spec/paused' },
    ]);
  });

  it('grows an array at its end and shrinks it from its end', () => {
    expect(createJsonPatch({ l: [1, 2] }, { l: [1, 2, 3, 4] })).toEqual([
      { op: 'add', path: '/l/2', value: 3 },
      { op: 'add', path: '/l/3', value: 4 },
    ]);
    expect(createJsonPatch({ l: [1, 2, 3] }, { l: [1] })).toEqual([
      { op: 'remove', path: '/l/2' },
      { op: 'remove', path: '/l/1' },
    ]);
  });

  it('escapes ~ and / in keys (RFC 6901)', () => {
    expect(createJsonPatch({}, { 'a~/b': 1 })).toEqual([{ op: 'add', path: '/a~0~1b', value: 1 }]);
  });

  it('turns any document into any other when applied', () => {
    const json = fc.jsonValue({ maxDepth: 4 });
    fc.assert(
      fc.property(fc.dictionary(fc.string(), json), fc.dictionary(fc.string(), json), (before, after) => {
        // Compared as JSON text reads them (-0 is 0 there).
        const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
        expect(asJson(applyJsonPatch(before, createJsonPatch(before, after)))).toEqual(asJson(after));
      }),
      { numRuns: 300 },
    );
  });
});

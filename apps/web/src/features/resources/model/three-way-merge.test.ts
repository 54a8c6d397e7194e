import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { JsonObject } from './form-values.ts';
import { threeWayMerge } from './three-way-merge.ts';

const base: JsonObject = {
  metadata: { name: 'hall', resourceVersion: '10', labels: { team: 'a' } },
  spec: { title: 'Hall', replicas: 1, tags: ['x'] },
};

describe('threeWayMerge', () => {
  it('carries the edit onto the latest version when the two changed different fields', () => {
    const mine = { ...base, spec: { ...(base.spec as JsonObject), title: 'Great hall' } };
    const theirs = { ...base, metadata: { ...(base.metadata as JsonObject), resourceVersion: '11' }, spec: { ...(base.spec as JsonObject), replicas: 3 } };
    expect(threeWayMerge(base, mine, theirs)).toEqual({
      merged: { metadata: { name: 'hall', resourceVersion: '11', labels: { team: 'a' } }, spec: { title: 'Great hall', replicas: 3, tags: ['x'] } },
      conflicts: [],
    });
  });

  it('names a field both changed to different values, and keeps the edit there', () => {
    const mine = { ...base, spec: { ...(base.spec as JsonObject), replicas: 2 } };
    const theirs = { ...base, spec: { ...(base.spec as JsonObject), replicas: 4 } };
    const { merged, conflicts } = threeWayMerge(base, mine, theirs);
    expect(conflicts).toEqual(['spec.replicas']);
    expect((merged.spec as JsonObject).replicas).toBe(2);
  });

  it('is no conflict when both made the same change', () => {
    const mine = { ...base, spec: { ...(base.spec as JsonObject), replicas: 4 } };
    expect(threeWayMerge(base, mine, mine).conflicts).toEqual([]);
  });

  it('keeps a removal made on one side, and names a removal against a change', () => {
    const mine = { ...base, metadata: { name: 'hall', resourceVersion: '10' } };
    expect(threeWayMerge(base, mine, base).merged.metadata).toEqual({ name: 'hall', resourceVersion: '10' });
    const theirs = { ...base, metadata: { ...(base.metadata as JsonObject), labels: { team: 'b' } } };
    expect(threeWayMerge(base, mine, theirs).conflicts).toEqual(['metadata.labels']);
  });

  it('treats a list as one value and writes odd keys in brackets', () => {
    const mine = {
      ...base,
      metadata: { ...(base.metadata as JsonObject), labels: { 'app.kubernetes.io/name': 'me' } },
      spec: { ...(base.spec as JsonObject), tags: ['x', 'y'] },
    };
    const theirs = {
      ...base,
      metadata: { ...(base.metadata as JsonObject), labels: { 'app.kubernetes.io/name': 'them' } },
      spec: { ...(base.spec as JsonObject), tags: ['z'] },
    };
    expect(threeWayMerge(base, mine, theirs).conflicts).toEqual(['metadata.labels[app.kubernetes.io/name]', 'spec.tags']);
  });

  it("names a Secret value the person changed once the object moved on, since a change behind '<redacted>' cannot be seen", () => {
    const shown: JsonObject = { metadata: { name: 'db', resourceVersion: '10' }, data: { password: '<redacted>', user: '<redacted>' } };
    const mine = { ...shown, data: { password: '<redacted>', user: 'cm9vdA==' } };
    const theirs = { ...shown, metadata: { name: 'db', resourceVersion: '11' } };
    const { merged, conflicts } = threeWayMerge(shown, mine, theirs);
    expect(conflicts).toEqual(['data.user']);
    expect(merged.data).toEqual({ password: '<redacted>', user: 'cm9vdA==' });
  });

  it('follows a Secret that moved on when the person changed none of its values', () => {
    const shown: JsonObject = { metadata: { name: 'db', resourceVersion: '10' }, data: { password: '<redacted>' } };
    const mine = { ...shown, metadata: { name: 'db', resourceVersion: '10', labels: { tier: 'a' } } };
    const theirs = { ...shown, metadata: { name: 'db', resourceVersion: '11' } };
    expect(threeWayMerge(shown, mine, theirs)).toEqual({
      merged: { ...shown, metadata: { name: 'db', resourceVersion: '11', labels: { tier: 'a' } } },
      conflicts: [],
    });
  });

  const json = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, fc.integer({ min: 0, max: 3 }), fc.constantFrom('a', 'b'), tie('object')),
    object: fc.dictionary(fc.constantFrom('p', 'q', 'r'), tie('value'), { maxKeys: 3 }),
  })).object as fc.Arbitrary<JsonObject>;

  it('takes the latest version whole when the person changed nothing, and the edit whole when nobody else did', () => {
    fc.assert(
      fc.property(json, json, (start, other) => {
        expect(threeWayMerge(start, start, other)).toEqual({ merged: other, conflicts: [] });
        expect(threeWayMerge(start, other, start)).toEqual({ merged: other, conflicts: [] });
      }),
    );
  });
});

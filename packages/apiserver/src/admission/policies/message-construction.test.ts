import { describe, expect, it } from 'vitest';
import { rewriteMessageConstruction } from './message-construction.ts';

describe('rewriteMessageConstruction', () => {
  it('turns a qualified name followed by a brace into a typedObject call with quoted field names', () => {
    expect(rewriteMessageConstruction('Object{spec: Object.spec{replicas: 3}}')).toBe(
      'typedObject("Object", {"spec": typedObject("Object.spec", {"replicas": 3})})',
    );
  });

  it('keeps map literals, whose keys are expressions, as they are', () => {
    expect(rewriteMessageConstruction('Object{metadata: Object.metadata{labels: {"a": x.y, k: 1}}}')).toBe(
      'typedObject("Object", {"metadata": typedObject("Object.metadata", {"labels": {"a": x.y, k: 1}})})',
    );
  });

  it('does not touch strings, comments or field selections that look like constructions', () => {
    const source = `"Object{a: 1}" + 'x{' + object.spec.name // Object{b: 2}`;
    expect(rewriteMessageConstruction(source)).toBe(source);
  });

  it('rewrites constructions inside lists and calls, and names jsonpatch.escapeKey for this library', () => {
    expect(rewriteMessageConstruction('[JSONPatch{op: "add", path: "/metadata/labels/" + jsonpatch.escapeKey(k), value: [Object.spec.c{name: "n"}]}]')).toBe(
      '[typedObject("JSONPatch", {"op": "add", "path": "/metadata/labels/" + jsonpatchEscapeKey(k), "value": [typedObject("Object.spec.c", {"name": "n"})]})]',
    );
  });

  it('leaves expressions without constructions unchanged, byte for byte', () => {
    const source = "object.spec.replicas <= params.maxReplicas && has(object.metadata.labels) ? {'a': [1, 2]} : {}";
    expect(rewriteMessageConstruction(source)).toBe(source);
  });
});

describe('namespaced functions', () => {
  it('renames sets functions everywhere, and jsonpatch.escapeKey and constructions only in mutations', () => {
    const source = 'sets.contains(a, b) && jsonpatch.escapeKey(k) != "" && Object{} != null';
    expect(rewriteMessageConstruction(source, { messages: false })).toBe('setsContains(a, b) && jsonpatch.escapeKey(k) != "" && Object{} != null');
    expect(rewriteMessageConstruction(source)).toBe('setsContains(a, b) && jsonpatchEscapeKey(k) != "" && typedObject("Object", {}) != null');
  });
});

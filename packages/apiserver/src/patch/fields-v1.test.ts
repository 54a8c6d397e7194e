import { describe, expect, it } from 'vitest';
import { builtinPatchMeta } from './builtin-patch-meta.ts';
import { fieldPathString, parsePathElement, serializePathElement, type FieldPath } from './field-path.ts';
import { FieldSet } from './field-set.ts';
import { fieldSetOf } from './field-set-of.ts';
import { fromFieldsV1, toFieldsV1 } from './fields-v1.ts';

const f = (name: string) => ({ kind: 'field', name }) as const;
const k = (...fields: [string, unknown][]) => ({ kind: 'key', fields }) as const;

describe('FieldsV1', () => {
  it('encodes leaves as {} and a member with children with "."', () => {
    const set = FieldSet.of([
      [f('spec'), f('replicas')],
      [f('metadata'), f('labels')],
      [f('metadata'), f('labels'), f('app')],
    ]);
    expect(toFieldsV1(set)).toEqual({ 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } }, 'f:spec': { 'f:replicas': {} } });
  });

  it('writes keys in structured-merge-diff order: fields, then keyed items, values, indices', () => {
    const set = FieldSet.of([[f('b')], [k(['name', 'x'])], [{ kind: 'value', value: 'fin' }], [{ kind: 'index', index: 0 }], [f('a')]]);
    expect(Object.keys(toFieldsV1(set))).toEqual(['f:a', 'f:b', 'k:{"name":"x"}', 'v:"fin"', 'i:0']);
  });

  it('round-trips through decoding', () => {
    const fields = {
      'f:metadata': { 'f:finalizers': { '.': {}, 'v:"example.com/cleanup"': {} } },
      'f:spec': { 'f:ports': { 'k:{"port":80,"protocol":"TCP"}': { '.': {}, 'f:port': {}, 'f:targetPort': {} } } },
    };
    expect(toFieldsV1(fromFieldsV1(fields))).toEqual(fields);
  });

  it('rejects unknown element prefixes', () => {
    expect(() => fromFieldsV1({ 'x:spec': {} })).toThrow('unknown path element type');
  });
});

describe('field paths', () => {
  it('sorts key fields by name when parsing', () => {
    expect(serializePathElement(parsePathElement('k:{"protocol":"TCP","containerPort":80}'))).toBe('k:{"containerPort":80,"protocol":"TCP"}');
  });

  it('prints paths the way conflict messages show them', () => {
    const path: FieldPath = [f('spec'), f('containers'), k(['name', 'nginx']), f('image')];
    expect(fieldPathString(path)).toBe('.spec.containers[name="nginx"].image');
    expect(fieldPathString([f('metadata'), f('finalizers'), { kind: 'value', value: 'a' }])).toBe('.metadata.finalizers[="a"]');
  });
});

describe('fieldSetOf', () => {
  it('names container items by key, ports by containerPort and a defaulted protocol, and finalizers by value', () => {
    const pod = {
      metadata: { finalizers: ['x'] },
      spec: { containers: [{ name: 'web', image: 'nginx', ports: [{ containerPort: 80 }] }] },
    };
    expect(toFieldsV1(fieldSetOf(pod, builtinPatchMeta('v1', 'Pod')))).toEqual({
      'f:metadata': { 'f:finalizers': { 'v:"x"': {} } },
      'f:spec': {
        'f:containers': {
          'k:{"name":"web"}': {
            '.': {},
            'f:image': {},
            'f:name': {},
            'f:ports': { 'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} } },
          },
        },
      },
    });
  });

  it('owns atomic values whole: a Deployment selector and an unannotated list', () => {
    const d = { spec: { selector: { matchLabels: { app: 'web' } } }, extra: [1, 2] };
    expect(toFieldsV1(fieldSetOf(d, builtinPatchMeta('apps/v1', 'Deployment')))).toEqual({ 'f:extra': {}, 'f:spec': { 'f:selector': {} } });
  });
});

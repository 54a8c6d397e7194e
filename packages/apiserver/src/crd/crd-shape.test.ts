import { formatFieldError } from '@dojo/kube-api';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCustomResourceDefinition } from './crd-shape.ts';
import { validateCustomResourceDefinition, validateCustomResourceDefinitionUpdate } from './crd-validation.ts';
import { dojoCrd } from './fixtures/dojo-crd.ts';
import { kafkaTopicCrd } from './fixtures/kafka-topic-crd.ts';
import type { CustomResourceDefinition } from './schema-types.ts';

type Path = (string | number)[];

function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [prefix, ...entries.flatMap(([k, v]) => pathsOf(v, [...prefix, k]))];
}

function replaced(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
  return copy;
}

/** A real CRD with one subtree swapped for arbitrary JSON: every validator sees odd input. */
const mutatedCrd = fc
  .constantFrom(dojoCrd(), kafkaTopicCrd())
  .chain((crd) =>
    fc.tuple(fc.constantFrom(...pathsOf(crd)), fc.jsonValue({ maxDepth: 3 })).map(([path, value]) => replaced(crd, path, value) as CustomResourceDefinition),
  );

describe('decodeCustomResourceDefinition', () => {
  it('reports fields of the wrong JSON type instead of validating them', () => {
    const crd = dojoCrd() as unknown as { spec: Record<string, unknown> };
    crd.spec.versions = 'v1';
    crd.spec.names = { plural: 'dojos', kind: 7 };
    expect(validateCustomResourceDefinition(crd as unknown as CustomResourceDefinition).map(formatFieldError)).toEqual([
      'spec.names.kind: Invalid value: "number": must be of type string',
      'spec.versions: Invalid value: "string": must be of type array',
    ]);
  });

  it('treats null fields as unset and drops unknown ones, like Go decoding', () => {
    const crd = dojoCrd() as unknown as { spec: Record<string, unknown> };
    crd.spec.conversion = null;
    crd.spec.color = 'blue';
    const decoded = decodeCustomResourceDefinition(crd);
    expect('crd' in decoded && decoded.crd.spec).not.toHaveProperty('conversion');
    expect('crd' in decoded && decoded.crd.spec).not.toHaveProperty('color');
  });

  it('keeps enum members exactly, nulls included, and drops a null default', () => {
    const crd = dojoCrd();
    const image = { type: 'string', nullable: true, enum: ['a', null], default: null };
    crd.spec.versions[0]!.schema!.openAPIV3Schema!.properties!.spec!.properties!.image = image;
    const decoded = decodeCustomResourceDefinition(crd);
    expect('crd' in decoded && decoded.crd.spec.versions[0]!.schema!.openAPIV3Schema!.properties!.spec!.properties!.image).toEqual({
      type: 'string',
      nullable: true,
      enum: ['a', null],
    });
  });
});

describe('CRD validation on arbitrary input', () => {
  it('never throws on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        validateCustomResourceDefinition(value as unknown as CustomResourceDefinition);
      }),
      { numRuns: 200 },
    );
  });

  it('never throws on a real CRD with a subtree replaced by arbitrary JSON', () => {
    fc.assert(
      fc.property(mutatedCrd, mutatedCrd, (crd, old) => {
        validateCustomResourceDefinition(crd);
        validateCustomResourceDefinitionUpdate(crd, old);
      }),
      { numRuns: 500 },
    );
  });
});

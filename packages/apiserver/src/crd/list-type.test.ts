import { formatFieldError } from '@dojo/kube-api';
import { describe, expect, it } from 'vitest';
import { dojoSchema } from './fixtures/dojo-crd.ts';
import { validateListSetsAndMaps } from './list-type.ts';
import type { JSONSchemaProps } from './schema-types.ts';

const setSchema: JSONSchemaProps = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      properties: {
        tags: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string' } },
        ports: {
          type: 'array',
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['port', 'protocol'],
          items: { type: 'object', properties: { port: { type: 'integer' }, protocol: { type: 'string' } } },
        },
        byName: {
          type: 'object',
          additionalProperties: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'integer' } },
        },
      },
    },
  },
};

const messages = (schema: JSONSchemaProps, value: unknown): string[] => validateListSetsAndMaps(schema, value).map(formatFieldError);

describe('validateListSetsAndMaps', () => {
  it('reports the second occurrence of a set item as a duplicate', () => {
    expect(messages(setSchema, { spec: { tags: ['a', 'b', 'a', 'a'] } })).toEqual(['spec.tags[2]: Duplicate value: "a"']);
  });

  it('reports map-list items whose key repeats, showing the key', () => {
    const status = {
      conditions: [
        { type: 'Ready', status: 'True' },
        { type: 'Ready', status: 'False' },
      ],
    };
    expect(messages(dojoSchema, { status })).toEqual(['status.conditions[1]: Duplicate value: {"type":"Ready"}']);
  });

  it('compares all key fields of a multi-key map list', () => {
    const ports = [
      { port: 80, protocol: 'TCP' },
      { port: 80, protocol: 'UDP' },
      { port: 80, protocol: 'TCP' },
    ];
    expect(messages(setSchema, { spec: { ports } })).toEqual(['spec.ports[2]: Duplicate value: {"port":80,"protocol":"TCP"}']);
  });

  it('rejects non-object items of a map list', () => {
    expect(messages(dojoSchema, { status: { conditions: ['Ready'] } })).toEqual([
      'status.conditions[0]: Invalid value: "Ready": must be an object for an array of list-type map',
    ]);
  });

  it('finds lists below map values, keyed with brackets', () => {
    expect(messages(setSchema, { spec: { byName: { web: [1, 1] } } })).toEqual(['spec.byName[web][1]: Duplicate value: 1']);
  });

  it('accepts unique sets and maps', () => {
    expect(
      messages(setSchema, {
        spec: {
          tags: ['a', 'b'],
          ports: [
            { port: 80, protocol: 'TCP' },
            { port: 443, protocol: 'TCP' },
          ],
        },
      }),
    ).toEqual([]);
  });
});

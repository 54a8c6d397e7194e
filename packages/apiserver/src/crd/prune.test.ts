import { describe, expect, it } from 'vitest';
import { dojo, dojoSchema } from './fixtures/dojo-crd.ts';
import { prune } from './prune.ts';
import type { JSONSchemaProps } from './schema-types.ts';

describe('prune', () => {
  it('removes fields the schema does not know and returns their paths, sorted', () => {
    const obj = dojo({ foo: 1, credentialsRef: { name: 'c', extra: true } });
    obj.zzz = 'top';
    expect(prune(dojoSchema, obj)).toEqual(['spec.credentialsRef.extra', 'spec.foo', 'zzz']);
    expect(obj).toEqual(dojo({ credentialsRef: { name: 'c' } }));
  });

  it('keeps apiVersion, kind and metadata of the object, whatever the schema says', () => {
    const schema: JSONSchemaProps = { type: 'object', properties: { spec: { type: 'object' } } };
    const obj = { apiVersion: 'v1', kind: 'X', metadata: { name: 'a', anything: 1 }, spec: {} };
    expect(prune(schema, obj)).toEqual([]);
    expect(obj.metadata).toEqual({ name: 'a', anything: 1 });
  });

  it('names pruned fields inside arrays by index', () => {
    const status = {
      conditions: [
        { type: 'Ready', status: 'True' },
        { type: 'Synced', status: 'True', color: 'green' },
      ],
    };
    const obj = { ...dojo(), status };
    expect(prune(dojoSchema, obj)).toEqual(['status.conditions[1].color']);
  });

  it('keeps unknown fields below x-kubernetes-preserve-unknown-fields but prunes inside known ones', () => {
    const schema: JSONSchemaProps = {
      type: 'object',
      properties: {
        spec: {
          type: 'object',
          'x-kubernetes-preserve-unknown-fields': true,
          properties: { known: { type: 'object', properties: { a: { type: 'string' } } } },
        },
      },
    };
    const obj = { spec: { free: { form: [1, { x: 2 }] }, known: { a: 'x', b: 'y' } } };
    expect(prune(schema, obj, { isResourceRoot: false })).toEqual(['spec.known.b']);
    expect(obj).toEqual({ spec: { free: { form: [1, { x: 2 }] }, known: { a: 'x' } } });
  });

  it('keeps apiVersion, kind and metadata of embedded resources', () => {
    const schema: JSONSchemaProps = {
      type: 'object',
      properties: {
        template: {
          type: 'object',
          'x-kubernetes-embedded-resource': true,
          properties: { spec: { type: 'object', properties: { image: { type: 'string' } } } },
        },
      },
    };
    const obj = { template: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { image: 'nginx', tty: true }, other: 1 } };
    expect(prune(schema, obj, { isResourceRoot: false })).toEqual(['template.other', 'template.spec.tty']);
    expect(obj.template).toEqual({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { image: 'nginx' } });
  });

  it('keeps map keys below additionalProperties and prunes inside their values', () => {
    const schema: JSONSchemaProps = {
      type: 'object',
      properties: { zones: { type: 'object', additionalProperties: { type: 'object', properties: { size: { type: 'integer' } } } } },
    };
    const obj = { zones: { a: { size: 1, color: 'red' } } };
    expect(prune(schema, obj, { isResourceRoot: false })).toEqual(['zones.a.color']);
  });

  it('is safe with keys named like Object.prototype members', () => {
    const obj = JSON.parse('{"spec":{"accountId":"a","__proto__":{"polluted":true},"constructor":1}}') as Record<string, unknown>;
    expect(prune(dojoSchema, obj)).toEqual(['spec.__proto__', 'spec.constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

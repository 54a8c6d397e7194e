import { describe, expect, it } from 'vitest';
import { applyDefaults } from './defaults.ts';
import { dojo, dojoSchema } from './fixtures/dojo-crd.ts';
import type { JSONSchemaProps } from './schema-types.ts';

describe('applyDefaults', () => {
  it('fills missing fields with their defaults', () => {
    const obj = applyDefaults(dojoSchema, dojo());
    expect(obj.spec).toMatchObject({ database: 'Postgres', replicas: 1 });
  });

  it('leaves values that are set alone', () => {
    const obj = applyDefaults(dojoSchema, dojo({ database: 'Mongo', replicas: 0 }));
    expect(obj.spec).toMatchObject({ database: 'Mongo', replicas: 0 });
  });

  it('drops nulls of non-nullable fields without a default, so they read as unset', () => {
    const obj = applyDefaults(dojoSchema, dojo({ image: null }));
    expect(obj.spec).not.toHaveProperty('image');
  });

  it('replaces nulls of non-nullable fields that have a default', () => {
    const obj = applyDefaults(dojoSchema, dojo({ replicas: null }));
    expect(obj.spec).toMatchObject({ replicas: 1 });
  });

  it('keeps nulls of nullable fields', () => {
    const schema: JSONSchemaProps = { type: 'object', properties: { x: { type: 'string', nullable: true, default: 'd' } } };
    expect(applyDefaults(schema, { x: null })).toEqual({ x: null });
  });

  it('does not create absent parents to hold defaults', () => {
    const schema: JSONSchemaProps = {
      type: 'object',
      properties: { alarms: { type: 'object', properties: { level: { type: 'string', default: 'warn' } } } },
    };
    expect(applyDefaults(schema, {})).toEqual({});
    expect(applyDefaults(schema, { alarms: {} })).toEqual({ alarms: { level: 'warn' } });
  });

  it('defaults inside array items and map values, and inside defaulted values', () => {
    const item: JSONSchemaProps = { type: 'object', properties: { weight: { type: 'integer', default: 1 } } };
    const schema: JSONSchemaProps = {
      type: 'object',
      properties: {
        backends: { type: 'array', items: item },
        byZone: { type: 'object', additionalProperties: item },
        primary: { type: 'object', default: {}, properties: { weight: { type: 'integer', default: 10 } } },
      },
    };
    expect(applyDefaults(schema, { backends: [{}, { weight: 5 }], byZone: { a: {} } })).toEqual({
      backends: [{ weight: 1 }, { weight: 5 }],
      byZone: { a: { weight: 1 } },
      primary: { weight: 10 },
    });
  });

  it('defaults null array items of a non-nullable item schema', () => {
    const schema: JSONSchemaProps = { type: 'array', items: { type: 'string', default: 'x' } };
    expect(applyDefaults(schema, [null, 'y'])).toEqual(['x', 'y']);
  });

  it('gives every object its own copy of a default', () => {
    const schema: JSONSchemaProps = { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' }, default: ['a'] } } };
    const first = applyDefaults(schema, {} as { tags?: string[] });
    first.tags!.push('mutated');
    expect(applyDefaults(schema, {})).toEqual({ tags: ['a'] });
  });
});

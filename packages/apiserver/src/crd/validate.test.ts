import { formatFieldError, type FieldError } from '@dojo/kube-api';
import { describe, expect, it } from 'vitest';
import { dojoSchema } from './fixtures/dojo-crd.ts';
import type { JSONSchemaProps } from './schema-types.ts';
import { validateAgainstSchema } from './validate.ts';

const messages = (errors: FieldError[]): string[] => errors.map(formatFieldError);

const validSpec = { accountId: 'acct-1', title: 'Tokyo dojo', credentialsRef: { name: 'db-creds' } };
const dojoWith = (spec: Record<string, unknown>, status?: unknown): Record<string, unknown> => ({
  spec: { ...validSpec, ...spec },
  ...(status === undefined ? {} : { status }),
});
const validateDojo = (spec: Record<string, unknown>, status?: unknown): string[] => messages(validateAgainstSchema(dojoSchema, dojoWith(spec, status)));

const objectOf = (properties: Record<string, JSONSchemaProps>, extra: JSONSchemaProps = {}): JSONSchemaProps => ({
  type: 'object',
  properties: { spec: { type: 'object', properties, ...extra } },
});

describe('validateAgainstSchema', () => {
  it('accepts a valid Dojo', () => {
    expect(validateDojo({ replicas: 3, database: 'Mongo' })).toEqual([]);
  });

  it('reports a value below the minimum with the bound and the dotted name', () => {
    expect(validateDojo({ replicas: -1 })).toEqual(['spec.replicas: Invalid value: -1: spec.replicas in body should be greater than or equal to 0']);
  });

  it('reports a value outside the enum as unsupported, listing the allowed values', () => {
    expect(validateDojo({ database: 'MySQL' })).toEqual(['spec.database: Unsupported value: "MySQL": supported values: "Postgres", "Mongo"']);
  });

  it('reports missing required fields, nested ones included', () => {
    const { title: _title, ...spec } = validSpec;
    expect(messages(validateAgainstSchema(dojoSchema, { spec: { ...spec, credentialsRef: {} } }))).toEqual([
      'spec.credentialsRef.name: Required value',
      'spec.title: Required value',
    ]);
  });

  it('names the JSON type of a mismatching value', () => {
    expect(validateDojo({ replicas: 'three' })).toEqual(['spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"']);
    // kube-openapi's numberValidator adds its own range check, reported on no path (as kube-apiserver 1.37 answers).
    expect(validateDojo({ replicas: 1.5 })).toEqual([
      'spec.replicas: Invalid value: "number": spec.replicas in body must be of type integer: "number"',
      '<nil>: Invalid value: "": Checked value must be of type integer with format int32 in spec.replicas',
    ]);
    expect(validateDojo({ credentialsRef: ['x'] })).toEqual([
      'spec.credentialsRef: Invalid value: "array": spec.credentialsRef in body must be of type object: "array"',
    ]);
  });

  it('reports a string over maxLength as too long, without echoing it', () => {
    expect(validateDojo({ title: 'x'.repeat(65) })).toEqual(['spec.title: Too long: may not be more than 64 bytes']);
  });

  it('counts characters, not UTF-16 units, against maxLength', () => {
    expect(validateAgainstSchema(objectOf({ s: { type: 'string', maxLength: 2 } }), { spec: { s: '😀😀' } })).toEqual([]);
  });

  it('reports a string shorter than minLength', () => {
    const schema = objectOf({ name: { type: 'string', minLength: 3 } });
    expect(messages(validateAgainstSchema(schema, { spec: { name: 'ab' } }))).toEqual([
      'spec.name: Invalid value: "ab": spec.name in body should be at least 3 chars long',
    ]);
  });

  it('reports a pattern mismatch with the pattern as written in the schema', () => {
    expect(validateDojo({ title: 'Tokyo!' })).toEqual(['spec.title: Invalid value: "Tokyo!": spec.title in body should match \'^[A-Za-z0-9 -]+$\'']);
  });

  it('checks only the first failing string constraint, as kube-openapi does', () => {
    expect(validateDojo({ title: '!'.repeat(65) })).toEqual(['spec.title: Too long: may not be more than 64 bytes']);
  });

  it('reports a malformed date-time as not of that type', () => {
    const status = { conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: 'yesterday' }] };
    expect(validateDojo({}, status)).toEqual([
      'status.conditions[0].lastTransitionTime: Invalid value: "yesterday": status.conditions[0].lastTransitionTime in body must be of type date-time: "yesterday"',
    ]);
  });

  it('accepts RFC 3339 date-times, and holds an int32 to its range as kube-openapi 1.37 does', () => {
    const schema = objectOf({ at: { type: 'string', format: 'date-time' }, n: { type: 'integer', format: 'int32' } });
    expect(validateAgainstSchema(schema, { spec: { at: '2024-05-01T10:00:00Z', n: 2 ** 31 - 1 } })).toEqual([]);
    expect(messages(validateAgainstSchema(schema, { spec: { n: 2 ** 40 } }))).toEqual([
      '<nil>: Invalid value: "": Checked value must be of type integer with format int32 in spec.n',
    ]);
    expect(validateAgainstSchema(schema, { spec: { at: '2024-05-01T10:00:00.123+02:00' } })).toEqual([]);
  });

  it('reports other supported formats the same way', () => {
    const schema = objectOf({ id: { type: 'string', format: 'uuid' }, ip: { type: 'string', format: 'ipv4' } });
    expect(messages(validateAgainstSchema(schema, { spec: { id: 'nope', ip: '10.0.0.300' } }))).toEqual([
      'spec.id: Invalid value: "nope": spec.id in body must be of type uuid: "nope"',
      'spec.ip: Invalid value: "10.0.0.300": spec.ip in body must be of type ipv4: "10.0.0.300"',
    ]);
  });

  it('rejects null unless the field is nullable', () => {
    expect(validateDojo({ image: null })).toEqual(['spec.image: Invalid value: "null": spec.image in body must be of type string: "null"']);
    const schema = objectOf({ image: { type: 'string', nullable: true } });
    expect(validateAgainstSchema(schema, { spec: { image: null } })).toEqual([]);
  });

  it('accepts integers and strings for int-or-string and names both types otherwise', () => {
    const schema = objectOf({ port: { 'x-kubernetes-int-or-string': true } });
    expect(validateAgainstSchema(schema, { spec: { port: 8080 } })).toEqual([]);
    expect(validateAgainstSchema(schema, { spec: { port: 'http' } })).toEqual([]);
    expect(messages(validateAgainstSchema(schema, { spec: { port: true } }))).toEqual([
      'spec.port: Invalid value: "boolean": spec.port in body must be of type integer,string: "boolean"',
    ]);
  });

  it('accepts integers where numbers are expected', () => {
    expect(validateAgainstSchema(objectOf({ ratio: { type: 'number' } }), { spec: { ratio: 2 } })).toEqual([]);
  });

  it('reports too few items as invalid and too many as too many', () => {
    const schema = objectOf({ tags: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string' } } });
    expect(messages(validateAgainstSchema(schema, { spec: { tags: [] } }))).toEqual([
      'spec.tags: Invalid value: 0: spec.tags in body should have at least 1 items',
    ]);
    expect(messages(validateAgainstSchema(schema, { spec: { tags: ['a', 'b', 'c'] } }))).toEqual(['spec.tags: Too many: 3: must have at most 2 items']);
  });

  it('validates each array item under an indexed name', () => {
    const schema = objectOf({ ports: { type: 'array', items: { type: 'integer', maximum: 65535 } } });
    expect(messages(validateAgainstSchema(schema, { spec: { ports: [80, 70000] } }))).toEqual([
      'spec.ports[1]: Invalid value: 70000: spec.ports[1] in body should be less than or equal to 65535',
    ]);
  });

  it('validates map values below additionalProperties', () => {
    const schema = objectOf({ labels: { type: 'object', additionalProperties: { type: 'string', maxLength: 3 } } });
    expect(messages(validateAgainstSchema(schema, { spec: { labels: { app: 'web', tier: 'backend' } } }))).toEqual([
      'spec.labels.tier: Too long: may not be more than 3 bytes',
    ]);
  });

  it('stops at min/maxProperties like kube-openapi', () => {
    const schema = objectOf({ labels: { type: 'object', minProperties: 1, maxProperties: 2, additionalProperties: { type: 'string' } } });
    expect(messages(validateAgainstSchema(schema, { spec: { labels: {} } }))).toEqual([
      'spec.labels: Invalid value: 0: spec.labels in body should have at least 1 properties',
    ]);
    expect(messages(validateAgainstSchema(schema, { spec: { labels: { a: '1', b: '2', c: 3 } } }))).toEqual([
      'spec.labels: Too many: 3: must have at most 2 items',
    ]);
  });

  it('words exclusive bounds and multipleOf like kube-openapi', () => {
    const schema = objectOf({
      n: { type: 'integer', exclusiveMinimum: true, minimum: 0, multipleOf: 5 },
      x: { type: 'number', exclusiveMaximum: true, maximum: 1000000 },
    });
    expect(messages(validateAgainstSchema(schema, { spec: { n: 0, x: 1000000.5 } }))).toEqual([
      'spec.n: Invalid value: 0: spec.n in body should be greater than 0',
      'spec.x: Invalid value: 1.0000005e+06: spec.x in body should be less than 1e+06',
    ]);
    expect(messages(validateAgainstSchema(schema, { spec: { n: 7 } }))).toEqual(['spec.n: Invalid value: 7: spec.n in body should be a multiple of 5']);
  });

  it('gives the same texts when a subtree is validated under its own name', () => {
    const spec = { ...validSpec, replicas: -1 };
    expect(validateAgainstSchema(dojoSchema.properties!.spec!, spec, 'spec')).toEqual(validateAgainstSchema(dojoSchema, { spec }));
  });

  it('prefixes field paths but keeps relative names, as status updates report them', () => {
    const errors = validateAgainstSchema(dojoSchema.properties!.status!, { replicas: -2 }, '', { fieldPrefix: 'status' });
    expect(messages(errors)).toEqual(['status.replicas: Invalid value: -2: replicas in body should be greater than or equal to 0']);
  });

  it('reports junctor failures on the base path with the quoted name', () => {
    const schema = objectOf({ a: { type: 'string' }, b: { type: 'string' } }, { anyOf: [{ required: ['a'] }, { required: ['b'] }] });
    expect(messages(validateAgainstSchema(schema, { spec: {} }))).toEqual([
      '<nil>: Invalid value: "": "spec" must validate at least one schema (anyOf)',
      'spec.a: Required value',
    ]);
    const oneOf = objectOf({ a: { type: 'string' }, b: { type: 'string' } }, { oneOf: [{ required: ['a'] }, { required: ['b'] }] });
    expect(messages(validateAgainstSchema(oneOf, { spec: { a: 'x', b: 'y' } }))).toEqual([
      '<nil>: Invalid value: "": "spec" must validate one and only one schema (oneOf). Found 2 valid alternatives',
    ]);
  });

  it('does not validate fields it does not know, as they are pruned', () => {
    const schema = objectOf({ known: { type: 'string' } }, { 'x-kubernetes-preserve-unknown-fields': true });
    expect(validateAgainstSchema(schema, { spec: { known: 'x', other: { deep: 1 } } })).toEqual([]);
  });

  it('ratchets: an unchanged invalid value passes an update, a changed one does not', () => {
    const old = dojoWith({ replicas: -1, title: 'Tokyo!' });
    expect(validateAgainstSchema(dojoSchema, dojoWith({ replicas: -1, title: 'Tokyo!', image: 'nginx' }), '', { oldValue: old })).toEqual([]);
    expect(messages(validateAgainstSchema(dojoSchema, dojoWith({ replicas: -2, title: 'Tokyo!' }), '', { oldValue: old }))).toEqual([
      'spec.replicas: Invalid value: -2: spec.replicas in body should be greater than or equal to 0',
    ]);
  });

  it('ratchets items of map lists by key, not by position', () => {
    const old = { status: { conditions: [{ type: 'Ready', status: 'Maybe' }] } };
    const reordered = {
      status: {
        conditions: [
          { type: 'Synced', status: 'True' },
          { type: 'Ready', status: 'Maybe' },
        ],
      },
    };
    expect(validateAgainstSchema(dojoSchema.properties!.status!, reordered.status, 'status', { oldValue: old.status })).toEqual([]);
  });
});

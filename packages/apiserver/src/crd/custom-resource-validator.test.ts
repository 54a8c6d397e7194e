import { formatFieldError, type FieldError } from '@dojo/kube-api';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCustomResourceValidator } from './custom-resource-validator.ts';
import { applyDefaults } from './defaults.ts';
import { dojo, dojoCrd, dojoSchema } from './fixtures/dojo-crd.ts';
import { kafkaTopic, kafkaTopicCrd, kafkaTopicSchema } from './fixtures/kafka-topic-crd.ts';
import { prune } from './prune.ts';
import type { JSONSchemaProps } from './schema-types.ts';
import { validateAgainstSchema } from './validate.ts';

const messages = (errors: FieldError[]): string[] => errors.map(formatFieldError);
const dojos = () => createCustomResourceValidator(dojoCrd(), 'v1');
const topics = () => createCustomResourceValidator(kafkaTopicCrd(), 'v1');
const skippedRules =
  '<nil>: Invalid value: "null": some validation rules were not checked because the object was invalid; correct the existing errors to complete validation';

describe('createCustomResourceValidator', () => {
  it('describes the version: subresources, scale paths and printer columns', () => {
    const v = dojos();
    expect(v.hasStatusSubresource).toBe(true);
    expect(v.hasScaleSubresource).toBe(true);
    expect(v.scale).toEqual({ specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas' });
    expect(v.printerColumns.map((c) => c.name)).toEqual(['Database', 'Replicas']);
    expect(topics().hasStatusSubresource).toBe(false);
  });

  it('refuses a version the CRD does not have', () => {
    expect(() => createCustomResourceValidator(dojoCrd(), 'v9')).toThrow('has no version v9');
  });

  it('defaults, then prunes unknown fields and reports their paths', () => {
    const obj = dojo({ foo: 1, alarms: { channelRef: { name: 'ops', color: 'red' } } });
    expect(dojos().defaultAndPrune(obj)).toEqual({ prunedPaths: ['spec.alarms.channelRef.color', 'spec.foo'] });
    expect(obj.spec).toEqual({
      accountId: 'acct-1',
      title: 'Tokyo dojo',
      credentialsRef: { name: 'db-creds', namespace: 'default' },
      alarms: { channelRef: { name: 'ops' } },
      database: 'Postgres',
      replicas: 1,
    });
    expect(obj.metadata).toEqual({ name: 'tokyo', namespace: 'default' });
  });

  it('accepts a valid, defaulted Dojo', () => {
    const obj = dojo();
    dojos().defaultAndPrune(obj);
    expect(dojos().validate(obj)).toEqual([]);
  });

  it('leaves apiVersion, kind and metadata to the registry', () => {
    const obj = { ...dojo(), apiVersion: 7, kind: ['x'], metadata: { name: 5 } };
    expect(dojos().validate(obj)).toEqual([]);
  });

  it('validates spec and status, and the scale replicas paths', () => {
    const obj = { ...dojo({ replicas: -1 }), status: { replicas: 'two' } };
    expect(messages(dojos().validate(obj))).toEqual([
      'spec.replicas: Invalid value: -1: spec.replicas in body should be greater than or equal to 0',
      'status.replicas: Invalid value: "string": status.replicas in body must be of type integer: "string"',
      '.spec.replicas: Invalid value: -1: should be a non-negative integer',
      '.status.replicas: Invalid value: 0: .status.replicas accessor error: two is of the type string, expected int64',
    ]);
  });

  it('reports duplicate map-list keys', () => {
    const obj = {
      ...dojo(),
      status: {
        conditions: [
          { type: 'Ready', status: 'True' },
          { type: 'Ready', status: 'False' },
        ],
      },
    };
    expect(messages(dojos().validate(obj))).toEqual(['status.conditions[1]: Duplicate value: {"type":"Ready"}']);
  });

  it('runs the CEL rules, transition rules only on update', () => {
    const v = topics();
    const old = kafkaTopic({ numPartitions: 6, replicationFactor: 3 });
    expect(v.validate(old)).toEqual([]);
    expect(messages(v.validate(kafkaTopic({ numPartitions: 3, replicationFactor: 3 }), old))).toEqual([
      'spec: Invalid value: "object": partitions may only grow',
    ]);
    expect(messages(v.validate(kafkaTopic({ numPartitions: 6, replicationFactor: 2 }), old))).toEqual([
      'spec: Invalid value: "object": replicationFactor is immutable',
    ]);
  });

  it('skips the CEL rules when the object has type, required, enum or size errors', () => {
    const v = topics();
    expect(messages(v.validate(kafkaTopic({ numPartitions: 'many', replicationFactor: 3 })))).toEqual([
      'spec.numPartitions: Invalid value: "string": spec.numPartitions in body must be of type integer: "string"',
      skippedRules,
    ]);
    expect(messages(v.validate(kafkaTopic({ numPartitions: 0, replicationFactor: 3 })))).toEqual([
      'spec.numPartitions: Invalid value: 0: spec.numPartitions in body should be greater than or equal to 1',
      'spec.numPartitions: Invalid value: "object": numPartitions must be at least replicationFactor',
    ]);
  });

  it('ratchets unchanged invalid values on update and warns about unchanged rule failures', () => {
    const v = topics();
    const old = kafkaTopic({ numPartitions: 1, replicationFactor: 3, retention: 'forever' });
    const renamed = { ...old, metadata: { name: 'orders', namespace: 'default', labels: { a: 'b' } } };
    expect(v.validateWithWarnings(renamed, old)).toEqual({
      errors: [],
      warnings: ['spec.numPartitions: Invalid value: "object": numPartitions must be at least replicationFactor'],
    });
    // spec changed: its rules fail for real, while the untouched bad retention is still ratcheted.
    const changed = kafkaTopic({ numPartitions: 2, replicationFactor: 3, retention: 'forever' });
    expect(messages(v.validate(changed, old))).toEqual(['spec.numPartitions: Invalid value: "object": numPartitions must be at least replicationFactor']);
    const retention = kafkaTopic({ numPartitions: 1, replicationFactor: 3, retention: 'for ever' });
    expect(messages(v.validate(retention, old))).toEqual([
      'spec.retention: Invalid value: "for ever": spec.retention in body must be of type duration: "for ever"',
      skippedRules,
    ]);
  });

  it('validates only status on status updates, naming fields relative to it', () => {
    const old = { ...dojo(), status: { replicas: 1 } };
    const obj = { ...dojo({ replicas: -5 }), status: { replicas: -2 } };
    expect(messages(dojos().validateStatusUpdate(obj, old).errors)).toEqual([
      'status.replicas: Invalid value: -2: replicas in body should be greater than or equal to 0',
      '.status.replicas: Invalid value: -2: should be a non-negative integer',
    ]);
  });
});

/** Whether every field of `value` is one pruning would keep. */
function onlyKnownFields(schema: JSONSchemaProps | undefined, value: unknown, keepMeta: boolean): boolean {
  if (Array.isArray(value))
    return value.every((item) => onlyKnownFields(schema?.items, item, false) || schema?.['x-kubernetes-preserve-unknown-fields'] === true);
  if (value === null || typeof value !== 'object') return true;
  const preserve = schema?.['x-kubernetes-preserve-unknown-fields'] === true;
  const embedded = keepMeta || schema?.['x-kubernetes-embedded-resource'] === true;
  return Object.entries(value).every(([key, field]) => {
    if (embedded && ['apiVersion', 'kind', 'metadata'].includes(key)) return true;
    if (schema?.properties && Object.hasOwn(schema.properties, key)) return onlyKnownFields(schema.properties[key], field, false);
    if (schema?.additionalProperties !== undefined) {
      return onlyKnownFields(typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined, field, false);
    }
    return preserve;
  });
}

/** JSON shaped like the schema often enough to reach deep nodes, and arbitrary otherwise. */
function shapedBy(schema: JSONSchemaProps | undefined, depth = 0): fc.Arbitrary<unknown> {
  const anything = fc.jsonValue({ maxDepth: 3 });
  if (!schema || depth > 5) return anything;
  if (schema.type === 'object' && schema.properties) {
    const known = Object.fromEntries(Object.entries(schema.properties).map(([k, s]) => [k, shapedBy(s, depth + 1)]));
    const shaped = fc
      .tuple(fc.record(known, { requiredKeys: [] }), fc.dictionary(fc.string({ maxLength: 4 }), anything, { maxKeys: 2 }))
      .map(([k, extra]) => ({ ...extra, ...k }));
    return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: anything });
  }
  if (schema.type === 'array' && schema.items) return fc.oneof(fc.array(shapedBy(schema.items, depth + 1), { maxLength: 4 }), anything);
  return fc.oneof(anything, fc.integer({ min: -3, max: 3 }), fc.constantFrom('Postgres', 'Mongo', 'Ready', ''));
}

describe('schema machinery on arbitrary JSON', () => {
  const schemas: [string, JSONSchemaProps][] = [
    ['Dojo', dojoSchema],
    ['KafkaTopic', kafkaTopicSchema],
  ];

  for (const [name, schema] of schemas) {
    it(`never throws on arbitrary ${name}-like objects`, () => {
      const v = name === 'Dojo' ? dojos() : topics();
      fc.assert(
        fc.property(shapedBy(schema), shapedBy(schema), (raw, rawOld) => {
          validateAgainstSchema(schema, raw);
          applyDefaults(schema, structuredClone(raw));
          prune(schema, structuredClone(raw));
          if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return;
          const obj = structuredClone(raw);
          v.defaultAndPrune(obj);
          v.validate(obj);
          if (rawOld !== null && typeof rawOld === 'object' && !Array.isArray(rawOld)) {
            v.validate(obj, rawOld);
            v.validateStatusUpdate(obj, rawOld);
          }
        }),
        { numRuns: 300 },
      );
    });

    it(`leaves only fields the ${name} schema knows after pruning, and pruning twice changes nothing`, () => {
      fc.assert(
        fc.property(shapedBy(schema), (raw) => {
          const value = structuredClone(raw);
          const pruned = prune(schema, value);
          expect(onlyKnownFields(schema, value, true)).toBe(true);
          expect(prune(schema, value)).toEqual([]);
          expect(pruned).toEqual([...pruned].sort());
        }),
        { numRuns: 300 },
      );
    });
  }

  it('defaults are idempotent', () => {
    fc.assert(
      fc.property(shapedBy(dojoSchema), (raw) => {
        const once = applyDefaults(dojoSchema, structuredClone(raw));
        expect(applyDefaults(dojoSchema, structuredClone(once))).toEqual(once);
      }),
      { numRuns: 300 },
    );
  });
});

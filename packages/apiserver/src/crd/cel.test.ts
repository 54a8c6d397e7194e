import { formatFieldError, type FieldError } from '@dojo/kube-api';
import { describe, expect, it } from 'vitest';
import { compileRule } from './cel-compile.ts';
import { validateCelRules } from './cel.ts';
import { kafkaTopic, kafkaTopicSchema } from './fixtures/kafka-topic-crd.ts';
import type { JSONSchemaProps, ValidationRule } from './schema-types.ts';

const messages = (errors: FieldError[]): string[] => errors.map(formatFieldError);

const topic = (numPartitions: number, replicationFactor: number, extra: Record<string, unknown> = {}): Record<string, unknown> =>
  kafkaTopic({ numPartitions, replicationFactor, ...extra });

/** A schema with one rule on spec, whose fields are typed as given. */
const withRule = (rule: ValidationRule, properties: Record<string, JSONSchemaProps>): JSONSchemaProps => ({
  type: 'object',
  properties: { spec: { type: 'object', properties, 'x-kubernetes-validations': [rule] } },
});

describe('validateCelRules', () => {
  it('skips transition rules on create', () => {
    expect(validateCelRules(kafkaTopicSchema, topic(3, 3)).errors).toEqual([]);
  });

  it('reports a failing transition rule on update with the node type as value', () => {
    const { errors } = validateCelRules(kafkaTopicSchema, topic(2, 2), { oldValue: topic(3, 2) });
    expect(messages(errors)).toEqual(['spec: Invalid value: "object": partitions may only grow']);
  });

  it('reports every failing rule of a node, in order', () => {
    const { errors } = validateCelRules(kafkaTopicSchema, topic(2, 1), { oldValue: topic(3, 3) });
    expect(messages(errors)).toEqual([
      'spec: Invalid value: "object": partitions may only grow',
      'spec: Invalid value: "object": replicationFactor is immutable',
    ]);
  });

  it('compares integer fields as CEL ints, so growth passes', () => {
    expect(validateCelRules(kafkaTopicSchema, topic(12, 3), { oldValue: topic(3, 3) }).errors).toEqual([]);
  });

  it('moves the error below the node with fieldPath', () => {
    expect(messages(validateCelRules(kafkaTopicSchema, topic(1, 3)).errors)).toEqual([
      'spec.numPartitions: Invalid value: "object": numPartitions must be at least replicationFactor',
    ]);
  });

  it('reports with the constructor named by reason', () => {
    const { errors } = validateCelRules(kafkaTopicSchema, topic(3, 3, { config: { cleanupPolicy: 'zap' } }));
    expect(messages(errors)).toEqual(['spec.config: Forbidden: cleanupPolicy must be delete or compact']);
  });

  it('falls back to "failed rule" when a rule has no message', () => {
    const schema = withRule({ rule: 'self.a < 10' }, { a: { type: 'integer' } });
    expect(messages(validateCelRules(schema, { spec: { a: 11 } }).errors)).toEqual(['spec: Invalid value: "object": failed rule: self.a < 10']);
  });

  it('uses messageExpression when it evaluates to a usable string', () => {
    const schema = withRule(
      { rule: 'self.a < 10', message: 'static', messageExpression: "'a is ' + string(self.a) + ', must be below 10'" },
      { a: { type: 'integer' } },
    );
    expect(messages(validateCelRules(schema, { spec: { a: 11 } }).errors)).toEqual(['spec: Invalid value: "object": a is 11, must be below 10']);
    const blank = withRule({ rule: 'self.a < 10', message: 'static', messageExpression: "'  '" }, { a: { type: 'integer' } });
    expect(messages(validateCelRules(blank, { spec: { a: 11 } }).errors)).toEqual(['spec: Invalid value: "object": static']);
  });

  it('reports runtime errors like kube-apiserver, naming the rule', () => {
    const schema = withRule({ rule: 'self.missing > 1' }, { a: { type: 'integer' } });
    expect(messages(validateCelRules(schema, { spec: { a: 1 } }).errors)).toEqual([
      'spec: Invalid value: "object": no such key: missing evaluating rule: self.missing > 1',
    ]);
  });

  it('evaluates rules on scalar fields with the scalar type as value', () => {
    const schema: JSONSchemaProps = {
      type: 'object',
      properties: { name: { type: 'string', 'x-kubernetes-validations': [{ rule: "self.startsWith('kt-')", message: 'must start with kt-' }] } },
    };
    expect(messages(validateCelRules(schema, { name: 'orders' }).errors)).toEqual(['name: Invalid value: "string": must start with kt-']);
  });

  it('reports rules on the object root on the nil path', () => {
    const schema: JSONSchemaProps = {
      type: 'object',
      'x-kubernetes-validations': [{ rule: 'self.metadata.name.size() <= 10', message: 'name too long' }],
      properties: { spec: { type: 'object' } },
    };
    expect(messages(validateCelRules(schema, { metadata: { name: 'a-very-long-name' }, spec: {} }).errors)).toEqual([
      '<nil>: Invalid value: "object": name too long',
    ]);
  });

  it('evaluates rules on array items and map values with indexed and keyed paths', () => {
    const item: JSONSchemaProps = { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self % 2 == 0', message: 'must be even' }] };
    const schema: JSONSchemaProps = {
      type: 'object',
      properties: { list: { type: 'array', items: item }, map: { type: 'object', additionalProperties: item } },
    };
    expect(messages(validateCelRules(schema, { list: [2, 3], map: { x: 5 } }).errors)).toEqual([
      'list[1]: Invalid value: "integer": must be even',
      'map[x]: Invalid value: "integer": must be even',
    ]);
  });

  it('does not evaluate rules on null values', () => {
    const schema = withRule({ rule: 'false' }, {});
    expect(validateCelRules(schema, { spec: null }).errors).toEqual([]);
  });

  it('gives optionalOldSelf rules an empty optional on create', () => {
    const rule = { rule: '!oldSelf.hasValue() || self.a >= oldSelf.value().a', message: 'a may only grow', optionalOldSelf: true };
    const schema = withRule(rule, { a: { type: 'integer' } });
    expect(validateCelRules(schema, { spec: { a: 1 } }).errors).toEqual([]);
    expect(messages(validateCelRules(schema, { spec: { a: 1 } }, { oldValue: { spec: { a: 2 } } }).errors)).toEqual([
      'spec: Invalid value: "object": a may only grow',
    ]);
  });

  it('correlates map-list items by key for transition rules', () => {
    const schema: JSONSchemaProps = {
      type: 'object',
      properties: {
        brokers: {
          type: 'array',
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['id'],
          items: {
            type: 'object',
            properties: { id: { type: 'integer' }, rack: { type: 'string' } },
            'x-kubernetes-validations': [{ rule: 'self.rack == oldSelf.rack', message: 'rack is immutable' }],
          },
        },
      },
    };
    const old = {
      brokers: [
        { id: 1, rack: 'a' },
        { id: 2, rack: 'b' },
      ],
    };
    const now = {
      brokers: [
        { id: 2, rack: 'c' },
        { id: 1, rack: 'a' },
        { id: 3, rack: 'z' },
      ],
    };
    expect(messages(validateCelRules(schema, now, { oldValue: old }).errors)).toEqual(['brokers[0]: Invalid value: "object": rack is immutable']);
  });

  it('turns failures on unchanged values into warnings on update (ratcheting)', () => {
    const schema = withRule({ rule: 'self.a < 10', message: 'a must be below 10' }, { a: { type: 'integer' }, b: { type: 'string' } });
    const old = { spec: { a: 11 }, other: 1 };
    const unchanged = validateCelRules(schema, { spec: { a: 11 }, other: 2 }, { oldValue: old });
    expect(unchanged).toEqual({ errors: [], warnings: ['spec: Invalid value: "object": a must be below 10'] });
    const changed = validateCelRules(schema, { spec: { a: 11, b: 'x' } }, { oldValue: old });
    expect(messages(changed.errors)).toEqual(['spec: Invalid value: "object": a must be below 10']);
  });

  it('types date-time strings as timestamps and durations as durations', () => {
    const schema = withRule(
      { rule: "self.until > self.since && self.retention >= duration('1h')", message: 'bad window' },
      { since: { type: 'string', format: 'date-time' }, until: { type: 'string', format: 'date-time' }, retention: { type: 'string', format: 'duration' } },
    );
    expect(validateCelRules(schema, { spec: { since: '2024-01-01T00:00:00Z', until: '2024-02-01T00:00:00Z', retention: '2h30m' } }).errors).toEqual([]);
    expect(validateCelRules(schema, { spec: { since: '2024-01-01T00:00:00Z', until: '2024-02-01T00:00:00Z', retention: '30m' } }).errors).toHaveLength(1);
  });

  it('offers the Kubernetes list and string extensions', () => {
    const schema = withRule(
      { rule: "self.l.isSorted() && self.l.sum() == 6 && self.l.max() == 3 && self.s.replace('-', '_') == 'a_b' && self.s.charAt(0) == 'a'" },
      { l: { type: 'array', items: { type: 'integer' } }, s: { type: 'string' } },
    );
    expect(validateCelRules(schema, { spec: { l: [1, 2, 3], s: 'a-b' } }).errors).toEqual([]);
  });
});

describe('compileRule', () => {
  it('reports syntax errors with the position and source line, as cel-go lays them out', () => {
    const compiled = compileRule({ rule: 'self.replicas >' }, { type: 'object' });
    expect(compiled.error).toMatch(/^compilation failed: ERROR: <input>:1:\d+: Syntax error: .+\n \| self\.replicas >\n \| \.+\^$/);
    expect(compiled.program).toBeUndefined();
  });

  it('rejects rules that cannot evaluate to a bool', () => {
    expect(compileRule({ rule: "'text'" }, { type: 'object' }).error).toBe('cel expression must evaluate to a bool');
  });

  it('notices oldSelf, the mark of a transition rule', () => {
    expect(compileRule({ rule: 'self.a == oldSelf.a' }, { type: 'object' }).usesOldSelf).toBe(true);
    expect(compileRule({ rule: 'self.a == 1' }, { type: 'object' }).usesOldSelf).toBe(false);
  });

  it('checks messageExpression too', () => {
    expect(compileRule({ rule: 'true', messageExpression: '1 +' }, { type: 'object' }).messageError).toMatch(
      /^messageExpression compilation failed: ERROR: <input>:1:/,
    );
    expect(compileRule({ rule: 'true', messageExpression: '1 + 2' }, { type: 'object' }).messageError).toBe('must evaluate to a string');
  });
});

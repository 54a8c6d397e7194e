import { formatFieldError, type FieldError } from '@dojo/kube-api';
import { describe, expect, it } from 'vitest';
import { defaultCustomResourceDefinition } from './crd-defaults.ts';
import { validateCustomResourceDefinition, validateCustomResourceDefinitionUpdate } from './crd-validation.ts';
import { dojoCrd } from './fixtures/dojo-crd.ts';
import { kafkaTopicCrd } from './fixtures/kafka-topic-crd.ts';
import type { CustomResourceDefinition, JSONSchemaProps } from './schema-types.ts';

const messages = (errors: FieldError[]): string[] => errors.map(formatFieldError);
const validate = (crd: CustomResourceDefinition): string[] => messages(validateCustomResourceDefinition(crd));

/** The Dojo CRD with its spec schema replaced by `spec`. */
function withSpecSchema(spec: JSONSchemaProps): CustomResourceDefinition {
  const crd = dojoCrd();
  crd.spec.versions[0]!.schema!.openAPIV3Schema!.properties!.spec = spec;
  return crd;
}

const specPath = 'spec.validation.openAPIV3Schema.properties[spec]';

describe('validateCustomResourceDefinition', () => {
  it('accepts the Dojo and KafkaTopic CRDs', () => {
    expect(validate(dojoCrd())).toEqual([]);
    expect(validate(kafkaTopicCrd())).toEqual([]);
  });

  it('requires metadata.name to be <plural>.<group>', () => {
    const crd = dojoCrd();
    crd.metadata.name = 'x';
    expect(validate(crd)).toEqual(['metadata.name: Invalid value: "x": must be spec.names.plural+"."+spec.group']);
  });

  it('requires exactly one storage version', () => {
    const crd = dojoCrd();
    crd.spec.versions.push({ ...structuredClone(crd.spec.versions[0]!), name: 'v2' });
    const errors = validateCustomResourceDefinition(crd).filter((e) => e.field === 'spec.versions');
    expect(errors.map((e) => [e.type, e.detail])).toEqual([['FieldValueInvalid', 'must have exactly one version marked as storage version']]);
    crd.spec.versions.forEach((v) => (v.storage = false));
    expect(validate(crd).some((m) => m.endsWith(': must have exactly one version marked as storage version'))).toBe(true);
  });

  it('requires unique, DNS-1035 version names', () => {
    const crd = dojoCrd();
    crd.spec.versions.push({ ...structuredClone(crd.spec.versions[0]!), storage: false });
    crd.spec.versions[1]!.name = 'v1';
    expect(validate(crd).some((m) => m.startsWith('spec.versions: Invalid value: ') && m.endsWith('must contain unique version names'))).toBe(true);
    const bad = dojoCrd();
    bad.spec.versions[0]!.name = 'V1';
    expect(validate(bad)).toContain(
      `spec.versions[0].name: Invalid value: "V1": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')`,
    );
  });

  it('accepts only Namespaced or Cluster scope', () => {
    const crd = dojoCrd();
    crd.spec.scope = 'Global';
    expect(validate(crd)).toEqual(['spec.scope: Unsupported value: "Global": supported values: "Cluster", "Namespaced"']);
    crd.spec.scope = '';
    expect(validate(crd)).toEqual(['spec.scope: Required value']);
  });

  it('requires the group to be a domain with a dot', () => {
    const crd = dojoCrd();
    crd.spec.group = 'jutsu';
    crd.metadata.name = 'dojos.jutsu';
    expect(validate(crd)).toEqual(['spec.group: Invalid value: "jutsu": should be a domain with at least one dot']);
  });

  it('checks names: labels, mixed-case kinds, and kind differing from listKind', () => {
    const crd = dojoCrd();
    crd.spec.names = { plural: 'dojos', singular: 'dojo', kind: 'Dojo_Hall', listKind: 'Dojo_Hall' };
    expect(validate(crd)).toEqual([
      `spec.names.kind: Invalid value: "Dojo_Hall": may have mixed case, but should otherwise match: a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')`,
      `spec.names.listKind: Invalid value: "Dojo_Hall": may have mixed case, but should otherwise match: a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')`,
      'spec.names.listKind: Invalid value: "Dojo_Hall": kind and listKind may not be the same',
    ]);
  });

  it('validates the CRD as defaulted: singular, listKind and storedVersions are filled in', () => {
    const crd = dojoCrd();
    crd.spec.names = { plural: 'dojos', kind: 'Dojo' };
    expect(validate(crd)).toEqual([]);
    expect(defaultCustomResourceDefinition(crd).spec.names).toMatchObject({ singular: 'dojo', listKind: 'DojoList' });
    expect(defaultCustomResourceDefinition(crd).status?.storedVersions).toEqual(['v1']);
  });

  it('requires a schema for every version', () => {
    const crd = dojoCrd();
    delete crd.spec.versions[0]!.schema;
    expect(validate(crd)).toEqual(['spec.versions[0].schema.openAPIV3Schema: Required value: schemas are required']);
  });

  it('requires a structural schema, reporting a single schema under spec.validation', () => {
    const spec = structuredClone(dojoCrd().spec.versions[0]!.schema!.openAPIV3Schema!.properties!.spec!);
    spec.properties!.image = { description: 'no type' };
    expect(validate(withSpecSchema(spec))).toEqual([`${specPath}.properties[image].type: Required value: must not be empty for specified object fields`]);
  });

  it('reports per-version schema paths when versions differ', () => {
    const crd = dojoCrd();
    const v2 = structuredClone(crd.spec.versions[0]!);
    v2.name = 'v2';
    v2.storage = false;
    v2.schema!.openAPIV3Schema!.properties!.spec!.properties!.image = {};
    crd.spec.versions.push(v2);
    expect(validate(crd)).toEqual([
      'spec.versions[1].schema.openAPIV3Schema.properties[spec].properties[image].type: Required value: must not be empty for specified object fields',
    ]);
  });

  it('requires an object at the root', () => {
    const crd = kafkaTopicCrd();
    crd.spec.versions[0]!.schema = { openAPIV3Schema: { type: 'array', items: { type: 'string' } } };
    expect(validate(crd)).toEqual(['spec.validation.openAPIV3Schema.type: Invalid value: "array": must be object at the root']);
  });

  it('keeps value validations out of junctors', () => {
    const spec: JSONSchemaProps = {
      type: 'object',
      properties: { a: { type: 'string' } },
      anyOf: [{ type: 'object', required: ['a'] }, { properties: { b: {} } }],
    };
    expect(validate(withSpecSchema(spec))).toEqual([
      `${specPath}.anyOf[0].type: Forbidden: must be empty to be structural`,
      `${specPath}.properties[b]: Required value: because it is defined in ${specPath}.anyOf[1].properties[b]`,
    ]);
  });

  it('restricts metadata at the root to name and generateName', () => {
    const crd = dojoCrd();
    crd.spec.versions[0]!.schema!.openAPIV3Schema!.properties!.metadata = { type: 'object', properties: { labels: { type: 'object' } } };
    expect(validate(crd)).toEqual([
      'spec.validation.openAPIV3Schema.properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified',
    ]);
  });

  it('refuses OpenAPI features CRDs do not support', () => {
    const spec: JSONSchemaProps = {
      type: 'object',
      properties: { tags: { type: 'array', uniqueItems: true, items: { type: 'string' } }, ref: { type: 'object', $ref: '#/x' } },
      additionalProperties: { type: 'string' },
    };
    expect(validate(withSpecSchema(spec))).toEqual([
      `${specPath}.additionalProperties: Forbidden: additionalProperties and properties are mutual exclusive`,
      `${specPath}.properties[tags].uniqueItems: Forbidden: uniqueItems cannot be set to true since the runtime complexity becomes quadratic`,
      `${specPath}.properties[ref].$ref: Forbidden: $ref is not supported`,
    ]);
  });

  it('checks the list-type extensions', () => {
    const spec: JSONSchemaProps = {
      type: 'object',
      properties: {
        ports: { type: 'array', 'x-kubernetes-list-type': 'map', items: { type: 'object', properties: { port: { type: 'integer' } } } },
        kinds: { type: 'array', 'x-kubernetes-list-type': 'bag', items: { type: 'string' } },
      },
    };
    expect(validate(withSpecSchema(spec))).toEqual([
      `${specPath}.properties[ports].x-kubernetes-list-map-keys: Required value: must not be empty if x-kubernetes-list-type is map`,
      `${specPath}.properties[kinds].x-kubernetes-list-type: Unsupported value: "bag": supported values: "atomic", "set", "map"`,
    ]);
  });

  it('rejects defaults the schema does not accept', () => {
    const spec = structuredClone(dojoCrd().spec.versions[0]!.schema!.openAPIV3Schema!.properties!.spec!);
    spec.properties!.replicas = { type: 'integer', default: 'one' };
    spec.properties!.database = { type: 'string', enum: ['Postgres'], default: 'Oracle' };
    expect(validate(withSpecSchema(spec))).toEqual([
      `${specPath}.properties[database].default: Unsupported value: "Oracle": supported values: "Postgres"`,
      `${specPath}.properties[replicas].default: Invalid value: "string":  in body must be of type integer: "string"`,
    ]);
  });

  it('rejects defaults that fail the rules of their field', () => {
    const spec: JSONSchemaProps = {
      type: 'object',
      properties: {
        window: {
          type: 'object',
          default: {},
          properties: { min: { type: 'integer' }, max: { type: 'integer' } },
          'x-kubernetes-validations': [{ rule: 'self.min <= self.max' }],
        },
      },
    };
    expect(validate(withSpecSchema(spec))).toEqual([
      `${specPath}.properties[window].default: Invalid value: "object": no such key: min evaluating rule: self.min <= self.max`,
    ]);
  });

  it('compiles every rule, reporting errors with the rule as Go prints it', () => {
    const crd = kafkaTopicCrd();
    crd.spec.versions[0]!.schema!.openAPIV3Schema!.properties!.spec!['x-kubernetes-validations'] = [{ rule: 'self.numPartitions >', message: 'm' }];
    const [error, ...rest] = validate(crd);
    expect(rest).toEqual([]);
    expect(error).toMatch(
      /^spec\.validation\.openAPIV3Schema\.properties\[spec\]\.x-kubernetes-validations\[0\]\.rule: Invalid value: apiextensions\.ValidationRule\{Rule:"self\.numPartitions >", Message:"m", MessageExpression:"", Reason:\(\*apiextensions\.FieldValueErrorReason\)\(nil\), FieldPath:"", OptionalOldSelf:\(\*bool\)\(nil\)\}: compilation failed: ERROR: <input>:1:\d+: Syntax error: /,
    );
  });

  it('checks the shape of validation rules', () => {
    const crd = kafkaTopicCrd();
    crd.spec.versions[0]!.schema!.openAPIV3Schema!.properties!.spec!['x-kubernetes-validations'] = [
      { rule: ' ' },
      { rule: 'true', reason: 'FieldValueBroken' },
      { rule: 'true', fieldPath: '.nope' },
      { rule: 'true', optionalOldSelf: true },
    ];
    expect(validate(crd)).toEqual([
      `${specPath}.x-kubernetes-validations[0].rule: Required value: rule is not specified`,
      `${specPath}.x-kubernetes-validations[1].reason: Unsupported value: "FieldValueBroken": supported values: "FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"`,
      `${specPath}.x-kubernetes-validations[2].fieldPath: Invalid value: ".nope": fieldPath must be a valid path`,
    ]);
  });

  it('forbids oldSelf where old and new values cannot be correlated', () => {
    const crd = kafkaTopicCrd();
    crd.spec.versions[0]!.schema!.openAPIV3Schema!.properties!.spec!.properties!.hosts = {
      type: 'array',
      items: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self == oldSelf' }] },
    };
    expect(validate(crd)).toEqual([
      `${specPath}.properties[hosts].items.x-kubernetes-validations[0].rule: Invalid value: "self == oldSelf": oldSelf cannot be used on the uncorrelatable portion of the schema within ${specPath}.properties[hosts]`,
    ]);
  });

  it('restricts the root schema when the status subresource is enabled', () => {
    const crd = dojoCrd();
    crd.spec.versions[0]!.schema!.openAPIV3Schema!.maxProperties = 5;
    expect(validate(crd)).toEqual([
      expect.stringMatching(
        /^spec\.validation\.openAPIV3Schema: Invalid value: .*: only \[Description Type Format Title Maximum ExclusiveMaximum Minimum ExclusiveMinimum MaxLength MinLength Pattern MaxItems MinItems UniqueItems MultipleOf Required Items Properties ExternalDocs Example XPreserveUnknownFields XValidations\] fields are allowed at the root of the schema if the status subresource is enabled$/,
      ),
    ]);
  });

  it('checks printer columns and scale paths under their hoisted names', () => {
    const crd = dojoCrd();
    const version = crd.spec.versions[0]!;
    version.additionalPrinterColumns = [{ name: 'Size', type: 'float', jsonPath: 'spec.size' }];
    version.subresources!.scale = { specReplicasPath: '.status.replicas', statusReplicasPath: '.status.replicas' };
    expect(validate(crd)).toEqual([
      'spec.subresources.scale.specReplicasPath: Invalid value: ".status.replicas": should be a json path under .spec',
      'spec.additionalPrinterColumns[0].type: Invalid value: "float": must be one of boolean,date,integer,number,string',
      'spec.additionalPrinterColumns[0].JSONPath: Invalid value: "spec.size": must be a simple json path starting with .',
    ]);
  });

  it('keeps previously stored versions in spec.versions', () => {
    const crd = dojoCrd();
    crd.status = { storedVersions: ['v1', 'v1beta1'] };
    expect(validate(crd)).toEqual([
      'status.storedVersions[1]: Invalid value: "v1beta1": missing from spec.versions; v1beta1 was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in v1beta1 and removes v1beta1 from status.storedVersions',
    ]);
  });

  it('checks webhook conversion settings', () => {
    const crd = dojoCrd();
    crd.spec.conversion = { strategy: 'Webhook', webhook: { conversionReviewVersions: ['v2'] } };
    expect(validate(crd)).toEqual([
      'spec.conversion.webhookClientConfig: Required value: required when strategy is set to Webhook',
      'spec.conversion.conversionReviewVersions: Invalid value: ["v2"]: must include at least one of v1, v1beta1',
    ]);
  });
});

describe('validateCustomResourceDefinitionUpdate', () => {
  it('keeps the group and plural, and scope and kind once established', () => {
    const old = dojoCrd();
    old.status = { storedVersions: ['v1'], conditions: [{ type: 'Established', status: 'True' }] };
    const crd = structuredClone(old);
    crd.spec.scope = 'Cluster';
    crd.spec.group = 'other.jutsu.com';
    crd.metadata.name = 'dojos.other.jutsu.com';
    expect(validateCustomResourceDefinitionUpdate(crd, old).map(formatFieldError)).toEqual([
      'spec.scope: Invalid value: "Cluster": field is immutable',
      'spec.group: Invalid value: "other.jutsu.com": field is immutable',
    ]);
  });
});

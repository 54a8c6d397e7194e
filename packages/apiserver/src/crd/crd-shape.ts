/**
 * JSON-type checks of a CustomResourceDefinition before it is validated. kube-apiserver decodes
 * a CRD into Go structs first and answers a wrongly typed field ("versions": "v1") with a decode
 * error; here the CRD arrives as plain JSON, so the same mistakes are reported as field errors
 * (`spec.versions: Invalid value: "string": must be of type array`) and validation stops there,
 * rather than tripping over a string where a list was expected. Like Go's decoder, the result
 * drops unknown fields and treats null fields as unset.
 */
import { fieldError, type FieldError } from '@dojo/kube-api';
import { childPath, indexPath, keyPath } from './field-path.ts';
import { kindOf } from './json-value.ts';
import type { CustomResourceDefinition } from './schema-types.ts';

/** Checks a value, reporting type errors; returns it as Go would decode it (undefined when unusable). */
type Check = (value: unknown, path: string, errors: FieldError[]) => unknown;

/** The JSON type a value decodes as, for messages: integers are numbers here. */
function jsonType(value: unknown): string {
  const kind = kindOf(value);
  return kind === 'integer' ? 'number' : kind;
}

function wrongType(path: string, value: unknown, expected: string, errors: FieldError[]): undefined {
  errors.push(fieldError.typeInvalid(path, jsonType(value), `must be of type ${expected}`));
  return undefined;
}

function typed(expected: 'string' | 'boolean' | 'number'): Check {
  return (value, path, errors) => (jsonType(value) === expected ? value : wrongType(path, value, expected, errors));
}

const str = typed('string');
const bool = typed('boolean');
const num = typed('number');

/** A Go struct: unknown fields are dropped and null fields are unset, as json.Unmarshal does. */
function object(fields: Record<string, Check>): Check {
  return (value, path, errors) => {
    if (jsonType(value) !== 'object') return wrongType(path, value, 'object', errors);
    const out: Record<string, unknown> = {};
    for (const [key, check] of Object.entries(fields)) {
      const field = Object.hasOwn(value as object, key) ? (value as Record<string, unknown>)[key] : null;
      if (field === null || field === undefined) continue;
      const decoded = check(field, childPath(path, key), errors);
      if (decoded !== undefined) out[key] = decoded;
    }
    return out;
  };
}

function list(item: Check): Check {
  return (value, path, errors) => {
    if (!Array.isArray(value)) return wrongType(path, value, 'array', errors);
    return value.map((v, i) => item(v, indexPath(path, i), errors));
  };
}

function map(item: Check): Check {
  return (value, path, errors) => {
    if (jsonType(value) !== 'object') return wrongType(path, value, 'object', errors);
    return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, item(v, keyPath(path, k), errors)]));
  };
}

function either(a: Check, typeOfA: string, b: Check): Check {
  return (value, path, errors) => (jsonType(value) === typeOfA ? a(value, path, errors) : b(value, path, errors));
}

/** Free-form JSON (default, example, enum members): kept exactly, nulls included. */
const any: Check = (value) => value;

/** JSONSchemaProps, recursively. */
const schema: Check = (value, path, errors) => schemaFields(value, path, errors);
const schemaFields: Check = object({
  type: str,
  format: str,
  title: str,
  description: str,
  pattern: str,
  $ref: str,
  id: str,
  nullable: bool,
  exclusiveMinimum: bool,
  exclusiveMaximum: bool,
  uniqueItems: bool,
  minimum: num,
  maximum: num,
  multipleOf: num,
  minLength: num,
  maxLength: num,
  minItems: num,
  maxItems: num,
  minProperties: num,
  maxProperties: num,
  required: list(str),
  enum: list(any),
  default: any,
  example: any,
  properties: map(schema),
  patternProperties: map(schema),
  definitions: map(schema),
  items: either(list(schema), 'array', schema),
  additionalProperties: either(bool, 'boolean', schema),
  additionalItems: either(bool, 'boolean', schema),
  allOf: list(schema),
  anyOf: list(schema),
  oneOf: list(schema),
  not: schema,
  'x-kubernetes-int-or-string': bool,
  'x-kubernetes-preserve-unknown-fields': bool,
  'x-kubernetes-embedded-resource': bool,
  'x-kubernetes-list-type': str,
  'x-kubernetes-list-map-keys': list(str),
  'x-kubernetes-map-type': str,
  'x-kubernetes-validations': list(object({ rule: str, message: str, messageExpression: str, reason: str, fieldPath: str, optionalOldSelf: bool })),
});

const names = object({ plural: str, singular: str, kind: str, listKind: str, shortNames: list(str), categories: list(str) });

const version = object({
  name: str,
  served: bool,
  storage: bool,
  deprecated: bool,
  deprecationWarning: str,
  schema: object({ openAPIV3Schema: schema }),
  subresources: object({ status: object({}), scale: object({ specReplicasPath: str, statusReplicasPath: str, labelSelectorPath: str }) }),
  additionalPrinterColumns: list(object({ name: str, type: str, format: str, description: str, priority: num, jsonPath: str })),
  selectableFields: list(object({ jsonPath: str })),
});

const crd = object({
  metadata: object({ name: str, generateName: str }),
  spec: object({
    group: str,
    scope: str,
    preserveUnknownFields: bool,
    names,
    versions: list(version),
    conversion: object({
      strategy: str,
      webhook: object({
        conversionReviewVersions: list(str),
        clientConfig: object({ url: str, caBundle: str, service: object({ namespace: str, name: str, path: str, port: num }) }),
      }),
    }),
  }),
  status: object({ storedVersions: list(str), acceptedNames: names, conditions: list(object({ type: str, status: str })) }),
});

/** The CRD as Go would decode it, or the fields of the wrong JSON type. */
export function decodeCustomResourceDefinition(value: unknown): { crd: CustomResourceDefinition; errors: [] } | { errors: FieldError[] } {
  const errors: FieldError[] = [];
  if (jsonType(value) !== 'object') return { errors: [fieldError.typeInvalid('<nil>', jsonType(value), 'must be of type object')] };
  const decoded = crd(value, '', errors) as CustomResourceDefinition;
  return errors.length > 0
    ? { errors }
    : { crd: { ...decoded, metadata: decoded.metadata ?? {}, spec: decoded.spec ?? ({} as CustomResourceDefinition['spec']) }, errors: [] };
}

/**
 * OpenAPI v3 schema validation of custom resources, as kube-openapi's SchemaValidator does it
 * for apiextensions-apiserver, with kube-apiserver's error texts:
 *
 *   spec.replicas: Invalid value: -1: spec.replicas in body should be greater than or equal to 0
 *   spec.database: Unsupported value: "MySQL": supported values: "Postgres", "Mongo"
 *
 * Validators run in kube-openapi's order (type, allOf/anyOf/oneOf/not, string, format, number,
 * array, enum, object) and each applies by the kind of the data, not of the schema. List-type
 * uniqueness and CEL rules are separate passes (list-type.ts, cel.ts), as in Kubernetes.
 *
 * With `oldValue` the validation ratchets (CRDValidationRatcheting): a value that is unchanged
 * from the old object, reached through object properties, map keys or map-list keys, reports no
 * errors, so objects stored under an older schema can still be updated.
 */
import type { FieldError } from '@dojo/kube-api';
import { isObject, jsonEqual, kindOf, ownValue } from './json-value.ts';
import { openAPIError, toFieldError, type OpenAPIError } from './openapi-errors.ts';
import { enumErrors, formatErrors, numberErrors, rangeErrors, stringErrors, typeErrors } from './scalar-validators.ts';
import type { JSONSchemaProps } from './schema-types.ts';

export interface ValidateOptions {
  /** Field path that kube-openapi names are appended to (`field.Path` passed to ValidateCustomResource). */
  fieldPrefix?: string;
  /** The previous value, to ratchet errors on unchanged parts. */
  oldValue?: unknown;
}

/** "No old value" for ratcheting; distinct from an old value of null. */
export const absent = Symbol('absent');
/** The correlated old value of a node, or `absent`. */
export type Old = unknown;

/**
 * Validates `value` against `schema`. `path` is the dotted name of `value` used in messages
 * ("spec" when validating the spec on its own gives the same texts as validating the object).
 */
export function validateAgainstSchema(schema: JSONSchemaProps, value: unknown, path = '', options: ValidateOptions = {}): FieldError[] {
  const old: Old = 'oldValue' in options ? options.oldValue : absent;
  return validateNode(schema, value, path, old).map((e) => toFieldError(e, options.fieldPrefix ?? ''));
}

function unchanged(value: unknown, old: Old): boolean {
  return old !== absent && jsonEqual(value, old);
}

export function childName(name: string, child: string): string {
  return name === '' ? child : `${name}.${child}`;
}

/** One node, its kube-openapi errors (validate-compiled.ts hands schemas with junctors to this). */
export function validateNode(schema: JSONSchemaProps, value: unknown, name: string, old: Old): OpenAPIError[] {
  if (unchanged(value, old)) return [];
  const kind = kindOf(value);
  if (kind === 'null') return [...typeErrors(schema, null, name), ...enumErrors(schema, null, name)];
  const errors: OpenAPIError[] = [...typeErrors(schema, value, name), ...junctorErrors(schema, value, name, old)];
  if (kind === 'string') errors.push(...stringErrors(schema, value as string, name), ...formatErrors(schema, value as string, name));
  if (kind === 'integer' || kind === 'number') errors.push(...rangeErrors(schema, Number(value), name), ...numberErrors(schema, Number(value), name));
  if (kind === 'array') errors.push(...arrayErrors(schema, value as unknown[], name, old));
  errors.push(...enumErrors(schema, value, name));
  if (kind === 'object') errors.push(...objectErrors(schema, value as Record<string, unknown>, name, old));
  return errors;
}

/** allOf / anyOf / oneOf / not, as schemaPropsValidator combines them. */
function junctorErrors(schema: JSONSchemaProps, value: unknown, name: string, old: Old): OpenAPIError[] {
  const errors: OpenAPIError[] = [];
  const fewest = (results: OpenAPIError[][]): OpenAPIError[] => results.reduce((best, r) => (r.length < best.length ? r : best), results[0] ?? []);
  if (schema.anyOf && schema.anyOf.length > 0) {
    const results = schema.anyOf.map((s) => validateNode(s, value, name, old));
    if (!results.some((r) => r.length === 0)) errors.push(openAPIError.anyOf(name), ...fewest(results));
  }
  if (schema.oneOf && schema.oneOf.length > 0) {
    const results = schema.oneOf.map((s) => validateNode(s, value, name, old));
    const valid = results.filter((r) => r.length === 0).length;
    if (valid !== 1) errors.push(openAPIError.oneOf(name, valid), ...(valid === 0 ? fewest(results) : []));
  }
  if (schema.allOf && schema.allOf.length > 0) {
    const results = schema.allOf.map((s) => validateNode(s, value, name, old));
    const valid = results.filter((r) => r.length === 0).length;
    errors.push(...results.flat());
    if (valid !== results.length) errors.push(openAPIError.allOf(name, valid === 0));
  }
  if (schema.not && validateNode(schema.not, value, name, old).length === 0) errors.push(openAPIError.not(name));
  return errors;
}

function arrayErrors(schema: JSONSchemaProps, value: unknown[], name: string, old: Old): OpenAPIError[] {
  const errors: OpenAPIError[] = [];
  if (schema.items) {
    const correlate = listCorrelator(schema, old);
    value.forEach((item, i) => errors.push(...validateNode(schema.items!, item, `${name}[${i}]`, correlate(item))));
  }
  if (schema.minItems !== undefined && value.length < schema.minItems) errors.push(openAPIError.tooFewItems(name, value.length, schema.minItems));
  if (schema.maxItems !== undefined && value.length > schema.maxItems) errors.push(openAPIError.tooManyItems(name, value.length, schema.maxItems));
  if (schema.uniqueItems && value.some((v, i) => value.slice(0, i).some((u) => jsonEqual(u, v)))) errors.push(openAPIError.duplicateItems(name));
  return errors;
}

/** Old items can be matched to new ones only in map lists (by key) and sets (by value). */
export function listCorrelator(schema: JSONSchemaProps, old: Old): (item: unknown) => Old {
  if (old === absent || !Array.isArray(old)) return () => absent;
  const listType = schema['x-kubernetes-list-type'];
  const keys = schema['x-kubernetes-list-map-keys'] ?? [];
  if (listType === 'set') return (item) => (old.some((o) => jsonEqual(o, item)) ? item : absent);
  if (listType === 'map' && keys.length > 0) {
    return (item) => {
      if (!isObject(item)) return absent;
      const match = old.find((o) => isObject(o) && keys.every((k) => jsonEqual(ownValue(o, k), ownValue(item, k))));
      return match === undefined ? absent : match;
    };
  }
  return () => absent;
}

function objectErrors(schema: JSONSchemaProps, value: Record<string, unknown>, name: string, old: Old): OpenAPIError[] {
  const keys = Object.keys(value);
  // min/maxProperties failures end the object's validation, as in objectValidator.
  if (schema.minProperties !== undefined && keys.length < schema.minProperties) {
    return [openAPIError.tooFewProperties(name, keys.length, schema.minProperties)];
  }
  if (schema.maxProperties !== undefined && keys.length > schema.maxProperties) {
    return [openAPIError.tooManyProperties(name, keys.length, schema.maxProperties)];
  }
  const properties = schema.properties ?? {};
  const oldObject = old !== absent && isObject(old) ? old : undefined;
  const oldOf = (key: string): Old => (oldObject && Object.hasOwn(oldObject, key) ? oldObject[key] : absent);
  const errors: OpenAPIError[] = [];
  const additional = schema.additionalProperties;
  for (const key of keys) {
    if (Object.hasOwn(properties, key)) continue;
    if (additional === false) errors.push(openAPIError.propertyNotAllowed(name, key));
    // kube-openapi names additionalProperties values "<path>.<key>" even at the root.
    else if (typeof additional === 'object') errors.push(...validateNode(additional, value[key], `${name}.${key}`, oldOf(key)));
  }
  for (const [property, propertySchema] of Object.entries(properties)) {
    if (Object.hasOwn(value, property)) errors.push(...validateNode(propertySchema, value[property], childName(name, property), oldOf(property)));
  }
  for (const required of schema.required ?? []) {
    if (!Object.hasOwn(value, required)) errors.push(openAPIError.required(`${name}.${required}`));
  }
  return errors;
}

/**
 * The OpenAPI validation of validate.ts, compiled once per schema into one closure per node.
 *
 * The interpreter asks every node of every object which keywords its schema has, walks the
 * schema's properties with Object.entries and gathers errors in fresh arrays at each level;
 * a compiled node knows its checks, its property list and its children's validators in advance
 * and pushes errors into one array. Messages, causes and their order are the interpreter's: the
 * same check functions run in the same order, ratcheting included. A node with allOf, anyOf,
 * oneOf or not is handed to the interpreter whole (rare in CRDs, and the combinations are where
 * the wording is subtle). validate-compiled.test.ts holds the two to each other.
 */
import type { FieldError } from '@dojo/kube-api';
import { isObject, jsonEqual, kindOf } from './json-value.ts';
import { openAPIError, toFieldError, type OpenAPIError } from './openapi-errors.ts';
import { enumErrors, formatErrors, numberErrors, rangeErrors, schemaTypes, stringErrors, typeErrors } from './scalar-validators.ts';
import type { JSONSchemaProps } from './schema-types.ts';
import { effectiveFormat } from './string-formats.ts';
import { absent, childName, listCorrelator, validateNode, type Old, type ValidateOptions } from './validate.ts';

type NodeValidator = (value: unknown, name: string, old: Old, errors: OpenAPIError[]) => void;

/** validateAgainstSchema(schema, value, '', options), compiled. */
export type CompiledValidator = (value: unknown, options?: ValidateOptions) => FieldError[];

export function compileValidator(schema: JSONSchemaProps): CompiledValidator {
  const root = compileNode(schema);
  return (value, options = {}) => {
    const errors: OpenAPIError[] = [];
    root(value, '', 'oldValue' in options ? options.oldValue : absent, errors);
    if (errors.length === 0) return [];
    const prefix = options.fieldPrefix ?? '';
    return errors.map((e) => toFieldError(e, prefix));
  };
}

function hasJunctors(schema: JSONSchemaProps): boolean {
  return Boolean(schema.anyOf?.length || schema.oneOf?.length || schema.allOf?.length || schema.not);
}

function push(errors: OpenAPIError[], found: OpenAPIError[]): void {
  for (const e of found) errors.push(e);
}

function compileNode(schema: JSONSchemaProps): NodeValidator {
  if (hasJunctors(schema)) return (value, name, old, errors) => push(errors, validateNode(schema, value, name, old));
  const checksType = schemaTypes(schema).length > 0 || effectiveFormat(schema.format) !== '';
  const checksString = schema.maxLength !== undefined || schema.minLength !== undefined || Boolean(schema.pattern);
  const checksFormat = effectiveFormat(schema.format) !== '';
  const checksNumber = schema.multipleOf !== undefined || schema.minimum !== undefined || schema.maximum !== undefined;
  const checksEnum = Boolean(schema.enum && schema.enum.length > 0);
  const checksRange = schemaTypes(schema).length === 1;
  const array = compileArray(schema);
  const object = compileObject(schema);
  return (value, name, old, errors) => {
    if (old !== absent && jsonEqual(value, old)) return;
    const kind = kindOf(value);
    if (kind === 'null') {
      if (checksType) push(errors, typeErrors(schema, null, name));
      if (checksEnum) push(errors, enumErrors(schema, null, name));
      return;
    }
    if (checksType) push(errors, typeErrors(schema, value, name));
    if (kind === 'string') {
      if (checksString) push(errors, stringErrors(schema, value as string, name));
      if (checksFormat) push(errors, formatErrors(schema, value as string, name));
    } else if (kind === 'integer' || kind === 'number') {
      if (checksRange) push(errors, rangeErrors(schema, Number(value), name));
      if (checksNumber) push(errors, numberErrors(schema, Number(value), name));
    } else if (kind === 'array') array(value as unknown[], name, old, errors);
    if (checksEnum) push(errors, enumErrors(schema, value, name));
    if (kind === 'object') object(value as Record<string, unknown>, name, old, errors);
  };
}

function compileArray(schema: JSONSchemaProps): (value: unknown[], name: string, old: Old, errors: OpenAPIError[]) => void {
  const items = schema.items ? compileNode(schema.items) : undefined;
  const { minItems, maxItems, uniqueItems } = schema;
  return (value, name, old, errors) => {
    if (items) {
      const correlate = listCorrelator(schema, old);
      for (let i = 0; i < value.length; i++) items(value[i], `${name}[${i}]`, correlate(value[i]), errors);
    }
    if (minItems !== undefined && value.length < minItems) errors.push(openAPIError.tooFewItems(name, value.length, minItems));
    if (maxItems !== undefined && value.length > maxItems) errors.push(openAPIError.tooManyItems(name, value.length, maxItems));
    if (uniqueItems && value.some((v, i) => value.slice(0, i).some((u) => jsonEqual(u, v)))) errors.push(openAPIError.duplicateItems(name));
  };
}

function compileObject(schema: JSONSchemaProps): (value: Record<string, unknown>, name: string, old: Old, errors: OpenAPIError[]) => void {
  const { minProperties, maxProperties } = schema;
  const properties = schema.properties ?? {};
  const declared = Object.entries(properties).map(([property, propertySchema]) => ({ property, validate: compileNode(propertySchema) }));
  const additional = schema.additionalProperties;
  const additionalNode = typeof additional === 'object' ? compileNode(additional) : undefined;
  const checksUndeclared = additional === false || additionalNode !== undefined;
  const required = schema.required ?? [];
  return (value, name, old, errors) => {
    // min/maxProperties failures end the object's validation, as in objectValidator.
    if (minProperties !== undefined || maxProperties !== undefined) {
      const count = Object.keys(value).length;
      if (minProperties !== undefined && count < minProperties) return void errors.push(openAPIError.tooFewProperties(name, count, minProperties));
      if (maxProperties !== undefined && count > maxProperties) return void errors.push(openAPIError.tooManyProperties(name, count, maxProperties));
    }
    const oldObject = old !== absent && isObject(old) ? old : undefined;
    if (checksUndeclared) {
      for (const key of Object.keys(value)) {
        if (Object.hasOwn(properties, key)) continue;
        if (additional === false) errors.push(openAPIError.propertyNotAllowed(name, key));
        // kube-openapi names additionalProperties values "<path>.<key>" even at the root.
        else additionalNode!(value[key], `${name}.${key}`, oldObject && Object.hasOwn(oldObject, key) ? oldObject[key] : absent, errors);
      }
    }
    for (const { property, validate } of declared) {
      if (Object.hasOwn(value, property))
        validate(value[property], childName(name, property), oldObject && Object.hasOwn(oldObject, property) ? oldObject[property] : absent, errors);
    }
    for (const field of required) if (!Object.hasOwn(value, field)) errors.push(openAPIError.required(`${name}.${field}`));
  };
}

/**
 * Validation of one CRD schema (apiextensions' validateCustomResourceDefinitionValidation and
 * ValidateCustomResourceDefinitionOpenAPISchema): the OpenAPI subset CRDs accept, list and map
 * extensions, x-kubernetes-validations syntax, structural-schema invariants, defaults, and the
 * compilation of every CEL rule — so a rule that cannot compile is rejected with the CRD, never
 * discovered on a custom resource. Schema errors come first, CEL errors after them; CEL rules
 * are compiled only where the schema around them is valid.
 */
import { fieldError, type FieldError } from '@dojo/kube-api';
import { compileRule } from './cel-compile.ts';
import { validFieldPath } from './cel-field-path.ts';
import { validateDefaults } from './crd-default-validation.ts';
import { childPath, indexPath, keyPath } from './field-path.ts';
import { goQuote, invalidWithGoValue } from './go-format.ts';
import type { JSONSchemaProps, ValidationRule } from './schema-types.ts';
import { validateStructural } from './structural.ts';
import { validateOpenAPIKeywords } from './openapi-keywords.ts';

interface Context {
  allowDefaults: boolean;
  disallowDefaultsReason: string;
  insideResourceMeta: boolean;
  /** First ancestor below which old and new values cannot be correlated (oldSelf is useless). */
  uncorrelatablePath: string | undefined;
  celEnabled: boolean;
}

interface Errors {
  schema: FieldError[];
  cel: FieldError[];
}

const metaFields = new Set(['metadata', 'kind', 'apiVersion']);
const supportedReasons = ['FieldValueDuplicate', 'FieldValueForbidden', 'FieldValueInvalid', 'FieldValueRequired'];

/** Root fields allowed with the status subresource, in Go struct order (the message lists Go names). */
const rootFieldOrder: [keyof JSONSchemaProps, string | undefined][] = [
  ['id', undefined],
  ['$ref', undefined],
  ['description', 'Description'],
  ['type', 'Type'],
  ['format', 'Format'],
  ['title', 'Title'],
  ['default', undefined],
  ['maximum', 'Maximum'],
  ['exclusiveMaximum', 'ExclusiveMaximum'],
  ['minimum', 'Minimum'],
  ['exclusiveMinimum', 'ExclusiveMinimum'],
  ['maxLength', 'MaxLength'],
  ['minLength', 'MinLength'],
  ['pattern', 'Pattern'],
  ['maxItems', 'MaxItems'],
  ['minItems', 'MinItems'],
  ['uniqueItems', 'UniqueItems'],
  ['multipleOf', 'MultipleOf'],
  ['enum', undefined],
  ['maxProperties', undefined],
  ['minProperties', undefined],
  ['required', 'Required'],
  ['items', 'Items'],
  ['allOf', undefined],
  ['oneOf', undefined],
  ['anyOf', undefined],
  ['not', undefined],
  ['properties', 'Properties'],
  ['additionalProperties', undefined],
  ['patternProperties', undefined],
  ['dependencies', undefined],
  ['additionalItems', undefined],
  ['definitions', undefined],
  ['example', 'Example'],
  ['nullable', undefined],
  ['x-kubernetes-preserve-unknown-fields', 'XPreserveUnknownFields'],
  ['x-kubernetes-embedded-resource', undefined],
  ['x-kubernetes-int-or-string', undefined],
  ['x-kubernetes-list-map-keys', undefined],
  ['x-kubernetes-list-type', undefined],
  ['x-kubernetes-map-type', undefined],
  ['x-kubernetes-validations', 'XValidations'],
];
const allowedAtRoot = `[Description Type Format Title Maximum ExclusiveMaximum Minimum ExclusiveMinimum MaxLength MinLength Pattern MaxItems MinItems UniqueItems MultipleOf Required Items Properties ExternalDocs Example XPreserveUnknownFields XValidations]`;

/** Go's zero value of the field: numbers are pointers there, so 0 counts as set. */
function isZero(value: unknown): boolean {
  return value === undefined || value === false || value === '';
}

/** `path` is the schema's parent (`spec.validation` or `spec.versions[i].schema`). */
export function validateCRDSchema(schema: JSONSchemaProps, statusEnabled: boolean, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const root = childPath(path, 'openAPIV3Schema');
  if (statusEnabled) {
    for (const [key, goName] of rootFieldOrder) {
      if (isZero(schema[key])) continue;
      if (key === 'type') {
        if (schema.type === 'object') continue;
        errors.push(
          fieldError.invalid(
            childPath(path, 'openAPIV3Schema.type'),
            schema.type,
            `only "object" is allowed as the type at the root of the schema if the status subresource is enabled`,
          ),
        );
        break;
      }
      if (goName === undefined) {
        errors.push(
          fieldError.invalid(root, schema, `only ${allowedAtRoot} fields are allowed at the root of the schema if the status subresource is enabled`),
        );
        break;
      }
    }
  }
  if (schema.nullable) errors.push(fieldError.forbidden(childPath(path, 'openAPIV3Schema.nullable'), 'nullable cannot be true at the root'));
  let celEnabled = false;
  const structural = validateStructural(schema, root);
  if (structural.length > 0) errors.push(...structural);
  else {
    const defaults = validateDefaults(schema, root);
    errors.push(...defaults);
    celEnabled = defaults.length === 0;
  }
  const context: Context = { allowDefaults: true, disallowDefaultsReason: '', insideResourceMeta: false, uncorrelatablePath: undefined, celEnabled };
  const walked = walk(schema, root, context, true);
  return [...errors, ...walked.schema, ...walked.cel];
}

function walk(schema: JSONSchemaProps, path: string, context: Context, isRoot: boolean): Errors {
  const errors: Errors = { schema: validateOpenAPIKeywords(schema, path, context), cel: [] };
  const add = (child: Errors): void => {
    errors.schema.push(...child.schema);
    errors.cel.push(...child.cel);
  };
  const additional = schema.additionalProperties;
  if (additional !== undefined) {
    if (Object.keys(schema.properties ?? {}).length > 0 && (additional === false || typeof additional === 'object')) {
      errors.schema.push(fieldError.forbidden(childPath(path, 'additionalProperties'), 'additionalProperties and properties are mutual exclusive'));
    }
    if (typeof additional === 'object') {
      const sub = context.insideResourceMeta
        ? { ...context, allowDefaults: false, disallowDefaultsReason: 'inside additionalProperties applying to object metadata' }
        : context;
      add(walk(additional, childPath(path, 'additionalProperties'), sub, false));
    }
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    let sub = context;
    if (schema['x-kubernetes-map-type'] === 'atomic') sub = { ...sub, uncorrelatablePath: sub.uncorrelatablePath ?? path };
    if ((isRoot || schema['x-kubernetes-embedded-resource']) && metaFields.has(name)) {
      sub = { ...sub, insideResourceMeta: true };
      if (isRoot) sub = { ...sub, allowDefaults: false, disallowDefaultsReason: `in top-level ${name}` };
    }
    add(walk(property, keyPath(childPath(path, 'properties'), name), sub, false));
  }
  const junctor = (s: JSONSchemaProps, p: string): void => add(walk(s, p, { ...context, celEnabled: false }, false));
  if (schema.not) junctor(schema.not, childPath(path, 'not'));
  for (const [name, list] of [
    ['allOf', schema.allOf],
    ['oneOf', schema.oneOf],
    ['anyOf', schema.anyOf],
  ] as const) {
    list?.forEach((s, i) => junctor(s, indexPath(childPath(path, name), i)));
  }
  if (schema.items && !Array.isArray(schema.items)) {
    let sub = context;
    if (schema['x-kubernetes-list-type'] !== 'map') sub = { ...sub, uncorrelatablePath: sub.uncorrelatablePath ?? path };
    add(walk(schema.items, childPath(path, 'items'), sub, false));
  }
  errors.schema.push(...validationRuleShapes(schema, path));
  if (errors.schema.length === 0 && context.celEnabled) errors.cel.push(...compileRules(schema, path, context));
  return errors;
}

function rulePath(path: string, i: number, field: string): string {
  return childPath(indexPath(childPath(path, 'x-kubernetes-validations'), i), field);
}

function validationRuleShapes(schema: JSONSchemaProps, path: string): FieldError[] {
  const errors: FieldError[] = [];
  (schema['x-kubernetes-validations'] ?? []).forEach((rule, i) => {
    const message = rule.message ?? '';
    const trimmedRule = (rule.rule ?? '').trim();
    if (trimmedRule === '') errors.push(fieldError.required(rulePath(path, i, 'rule'), 'rule is not specified'));
    else if (message.length > 0 && message.trim() === '')
      errors.push(fieldError.invalid(rulePath(path, i, 'message'), message, 'message must be non-empty if specified'));
    else if (/[\n\r]/.test(message.trim())) errors.push(fieldError.invalid(rulePath(path, i, 'message'), message, 'message must not contain line breaks'));
    else if (/[\n\r]/.test(trimmedRule) && message.trim() === '') {
      errors.push(fieldError.required(rulePath(path, i, 'message'), 'message must be specified if rule contains line breaks'));
    }
    if (rule.messageExpression !== undefined && rule.messageExpression.length > 0 && rule.messageExpression.trim() === '') {
      errors.push(fieldError.required(rulePath(path, i, 'messageExpression'), 'messageExpression must be non-empty if specified'));
    }
    if (rule.reason !== undefined && !supportedReasons.includes(rule.reason)) {
      errors.push(fieldError.notSupported(rulePath(path, i, 'reason'), rule.reason, supportedReasons));
    }
    const fieldPath = rule.fieldPath ?? '';
    if (fieldPath.length > 0 && fieldPath.trim() === '')
      errors.push(fieldError.invalid(rulePath(path, i, 'fieldPath'), fieldPath, 'fieldPath must be non-empty if specified'));
    if (/[\n\r]/.test(fieldPath)) errors.push(fieldError.invalid(rulePath(path, i, 'fieldPath'), fieldPath, 'fieldPath must not contain line breaks'));
    if (fieldPath.length > 0 && validFieldPath(fieldPath, schema) instanceof Error) {
      errors.push(fieldError.invalid(rulePath(path, i, 'fieldPath'), fieldPath, 'fieldPath must be a valid path'));
    }
  });
  return errors;
}

/** Go's %#v of the internal ValidationRule, which kube-apiserver prints as the bad value. */
function goValidationRule(rule: ValidationRule): string {
  // Pointers print as addresses in Go; any address is as faithful as another.
  const reason = rule.reason === undefined ? '(*apiextensions.FieldValueErrorReason)(nil)' : '(*apiextensions.FieldValueErrorReason)(0xc000a1b2c0)';
  const optional = rule.optionalOldSelf === undefined ? '(*bool)(nil)' : '(*bool)(0xc000a1b2c8)';
  return `apiextensions.ValidationRule{Rule:${goQuote(rule.rule ?? '')}, Message:${goQuote(rule.message ?? '')}, MessageExpression:${goQuote(rule.messageExpression ?? '')}, Reason:${reason}, FieldPath:${goQuote(rule.fieldPath ?? '')}, OptionalOldSelf:${optional}}`;
}

function invalidRule(path: string, rule: ValidationRule, detail: string): FieldError {
  return invalidWithGoValue(path, goValidationRule(rule), detail);
}

function compileRules(schema: JSONSchemaProps, path: string, context: Context): FieldError[] {
  const errors: FieldError[] = [];
  (schema['x-kubernetes-validations'] ?? []).forEach((rule, i) => {
    const compiled = compileRule(rule, schema);
    if (compiled.error) errors.push(invalidRule(rulePath(path, i, 'rule'), rule, compiled.error));
    if (compiled.messageError) errors.push(invalidRule(rulePath(path, i, 'messageExpression'), rule, compiled.messageError));
    if (compiled.usesOldSelf) {
      if (context.uncorrelatablePath !== undefined) {
        errors.push(
          fieldError.invalid(
            rulePath(path, i, 'rule'),
            rule.rule,
            `oldSelf cannot be used on the uncorrelatable portion of the schema within ${context.uncorrelatablePath}`,
          ),
        );
      }
    } else if (rule.optionalOldSelf !== undefined) {
      errors.push(fieldError.invalid(rulePath(path, i, 'optionalOldSelf'), rule.optionalOldSelf, 'may not be set if oldSelf is not used in rule'));
    }
  });
  return errors;
}

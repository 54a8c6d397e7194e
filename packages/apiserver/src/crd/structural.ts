/**
 * Structural schema checks (apiextensions' schema.ValidateStructural): every node says what it
 * is (`type`, or int-or-string / preserve-unknown-fields), the root is an object, metadata may
 * only constrain name and generateName, and allOf/anyOf/oneOf/not only add value validations —
 * never types, defaults or Kubernetes extensions — to fields that exist outside of them.
 * Pruning, defaulting and CEL all rely on these invariants. Errors come back sorted by text,
 * as Kubernetes sorts them.
 */
import { fieldError, formatFieldError, type FieldError } from '@dojo/kube-api';
import { childPath, indexPath, keyPath } from './field-path.ts';
import { compileGoRegexp } from './go-regexp.ts';
import type { JSONSchemaProps } from './schema-types.ts';

type Level = 'root' | 'item' | 'field';

const emptyTypeDetail: Record<Level, string> = {
  root: 'must not be empty at the root',
  item: 'must not be empty for specified array items',
  field: 'must not be empty for specified object fields',
};

const prop = (path: string, key: string): string => keyPath(childPath(path, 'properties'), key);

export function validateStructural(schema: JSONSchemaProps, path: string): FieldError[] {
  const errors = [...invariants(schema, 'root', path), ...completeness(schema, path)];
  return errors.sort((a, b) => (formatFieldError(a) < formatFieldError(b) ? -1 : formatFieldError(a) > formatFieldError(b) ? 1 : 0));
}

function isIntOrStringAnyOf(anyOf: JSONSchemaProps[] | undefined): boolean {
  return anyOf?.length === 2 && anyOf.every((s, i) => Object.keys(s).length === 1 && s.type === (i === 0 ? 'integer' : 'string'));
}

function invariants(s: JSONSchemaProps, level: Level, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (s.type === 'array' && !s.items) errors.push(fieldError.required(childPath(path, 'items'), 'must be specified'));
  if (s.items) errors.push(...invariants(s.items, 'item', childPath(path, 'items')));
  for (const [k, v] of Object.entries(s.properties ?? {})) errors.push(...invariants(v, 'field', prop(path, k)));
  if (s.additionalProperties !== undefined) {
    if (level === 'root') errors.push(fieldError.forbidden(childPath(path, 'additionalProperties'), 'must not be used at the root'));
    if (typeof s.additionalProperties === 'object') errors.push(...invariants(s.additionalProperties, 'field', childPath(path, 'additionalProperties')));
  }
  const intOrString = s['x-kubernetes-int-or-string'] === true;
  const preserve = s['x-kubernetes-preserve-unknown-fields'] === true;
  const embedded = s['x-kubernetes-embedded-resource'] === true;
  if (intOrString && preserve) {
    errors.push(fieldError.invalid(childPath(path, 'x-kubernetes-preserve-unknown-fields'), true, 'must be false if x-kubernetes-int-or-string is true'));
  }
  if (intOrString && embedded) {
    errors.push(fieldError.invalid(childPath(path, 'x-kubernetes-embedded-resource'), true, 'must be false if x-kubernetes-int-or-string is true'));
  }
  errors.push(...valueValidation(s, isIntOrStringAnyOf(s.anyOf), isIntOrStringAnyOf(s.allOf?.[0]?.anyOf), path));

  const typePath = childPath(path, 'type');
  if (embedded && s.type !== 'object') {
    const detail = 'must be object if x-kubernetes-embedded-resource is true';
    errors.push(s.type ? fieldError.invalid(typePath, s.type, detail) : fieldError.required(typePath, detail));
  } else if (!s.type && !intOrString && !preserve) {
    errors.push(fieldError.required(typePath, emptyTypeDetail[level]));
  }
  if (embedded && s.additionalProperties !== undefined) {
    errors.push(fieldError.forbidden(childPath(path, 'additionalProperties'), 'must not be used if x-kubernetes-embedded-resource is set'));
  }
  if (level === 'root' && s.type && s.type !== 'object') errors.push(fieldError.invalid(typePath, s.type, 'must be object at the root'));

  const properties = s.properties ?? {};
  if (level === 'root' || embedded) {
    for (const [name, expected] of [
      ['kind', 'string'],
      ['apiVersion', 'string'],
      ['metadata', 'object'],
    ] as const) {
      const p = Object.hasOwn(properties, name) ? properties[name] : undefined;
      if (p && p.type !== expected) errors.push(fieldError.invalid(childPath(prop(path, name), 'type'), p.type ?? '', `must be ${expected}`));
    }
  }
  const metadata = Object.hasOwn(properties, 'metadata') ? properties.metadata : undefined;
  if (level === 'root' && metadata && !onlyNamesInMetadata(metadata)) {
    errors.push(
      fieldError.forbidden(prop(path, 'metadata'), 'must not specify anything other than name and generateName, but metadata is implicitly specified'),
    );
  }
  if (embedded && !preserve && Object.keys(properties).length === 0) {
    errors.push(
      fieldError.required(
        childPath(path, 'properties'),
        'must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields',
      ),
    );
  }
  return errors;
}

/** The root metadata schema may restrict name and generateName and nothing else. */
function onlyNamesInMetadata(metadata: JSONSchemaProps): boolean {
  return Object.entries(metadata).every(([key, value]) => {
    if (key === 'type' || key === 'default') return true;
    if (key === 'properties') return Object.keys(value as object).every((k) => k === 'name' || k === 'generateName');
    return value === undefined;
  });
}

/** allOf/anyOf/oneOf/not and pattern of one node. */
function valueValidation(s: JSONSchemaProps, skipAnyOf: boolean, skipFirstAllOfAnyOf: boolean, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!skipAnyOf) s.anyOf?.forEach((v, i) => errors.push(...nested(v, false, indexPath(childPath(path, 'anyOf'), i))));
  s.allOf?.forEach((v, i) => errors.push(...nested(v, skipFirstAllOfAnyOf && i === 0, indexPath(childPath(path, 'allOf'), i))));
  s.oneOf?.forEach((v, i) => errors.push(...nested(v, false, indexPath(childPath(path, 'oneOf'), i))));
  if (s.not) errors.push(...nested(s.not, false, childPath(path, 'not')));
  if (s.pattern) {
    const re = compileGoRegexp(s.pattern);
    if (re instanceof Error) {
      errors.push(fieldError.invalid(childPath(path, 'pattern'), s.pattern, `must be a valid regular expression, but isn't: ${re.message}`));
    }
  }
  return errors;
}

const forbiddenInJunctors: [keyof JSONSchemaProps, string][] = [
  ['type', 'must be empty to be structural'],
  ['additionalProperties', 'must be undefined to be structural'],
  ['default', 'must be undefined to be structural'],
  ['title', 'must be empty to be structural'],
  ['description', 'must be empty to be structural'],
  ['nullable', 'must be false to be structural'],
  ['x-kubernetes-preserve-unknown-fields', 'must be false to be structural'],
  ['x-kubernetes-embedded-resource', 'must be false to be structural'],
  ['x-kubernetes-int-or-string', 'must be false to be structural'],
  ['x-kubernetes-list-map-keys', 'must be empty to be structural'],
  ['x-kubernetes-list-type', 'must be undefined to be structural'],
];

function isSet(value: unknown): boolean {
  return value !== undefined && value !== false && value !== '' && !(Array.isArray(value) && value.length === 0);
}

/** A schema under a junctor: only value validations are allowed there. */
function nested(v: JSONSchemaProps, skipAnyOf: boolean, path: string): FieldError[] {
  const errors = valueValidation(v, skipAnyOf, false, path);
  if (v.items) errors.push(...nested(v.items, false, childPath(path, 'items')));
  for (const [k, p] of Object.entries(v.properties ?? {})) errors.push(...nested(p, false, prop(path, k)));
  for (const [key, detail] of forbiddenInJunctors) {
    const present = key === 'additionalProperties' ? v[key] !== undefined : isSet(v[key]);
    if (present) errors.push(fieldError.forbidden(childPath(path, key), detail));
  }
  if (v.properties && Object.hasOwn(v.properties, 'metadata')) {
    errors.push(fieldError.forbidden(prop(path, 'metadata'), 'must not be specified in a nested context'));
  }
  return errors;
}

/** Every field a junctor mentions must also be specified outside of junctors. */
function completeness(s: JSONSchemaProps, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (s.items) errors.push(...completeness(s.items, childPath(path, 'items')));
  for (const [k, v] of Object.entries(s.properties ?? {})) errors.push(...completeness(v, prop(path, k)));
  errors.push(...junctorCompleteness(s, s, path, path));
  return errors;
}

function junctorCompleteness(v: JSONSchemaProps, s: JSONSchemaProps, sPath: string, vPath: string): FieldError[] {
  const errors: FieldError[] = [];
  if (v.not) errors.push(...nestedCompleteness(v.not, s, sPath, childPath(vPath, 'not')));
  for (const [name, list] of [
    ['allOf', v.allOf],
    ['anyOf', v.anyOf],
    ['oneOf', v.oneOf],
  ] as const) {
    list?.forEach((n, i) => errors.push(...nestedCompleteness(n, s, sPath, indexPath(childPath(vPath, name), i))));
  }
  return errors;
}

function nestedCompleteness(v: JSONSchemaProps, s: JSONSchemaProps | undefined, sPath: string, vPath: string): FieldError[] {
  if (!s) return [fieldError.required(sPath, `because it is defined in ${vPath}`)];
  const errors = junctorCompleteness(v, s, sPath, vPath);
  if (v.items) errors.push(...nestedCompleteness(v.items, s.items, childPath(sPath, 'items'), childPath(vPath, 'items')));
  for (const [k, field] of Object.entries(v.properties ?? {})) {
    const structural = s.properties && Object.hasOwn(s.properties, k) ? s.properties[k] : undefined;
    errors.push(...nestedCompleteness(field, structural, prop(sPath, k), prop(vPath, k)));
  }
  return errors;
}

/**
 * Defaults in a CRD schema must be values the schema itself accepts (apiextensions'
 * defaulting.ValidateDefaults): no unknown fields, valid against the node's schema, and passing
 * the node's x-kubernetes-validations rules — otherwise every object would be defaulted into
 * an invalid state. Errors are reported on `<schema path>.default`.
 */
import { fieldError, type FieldError } from '@dojo/kube-api';
import { validateCelRules } from './cel.ts';
import { childPath, keyPath } from './field-path.ts';
import { copyJSON, jsonEqual } from './json-value.ts';
import { prune } from './prune.ts';
import type { JSONSchemaProps } from './schema-types.ts';
import { validateAgainstSchema } from './validate.ts';

const metaFields = new Set(['apiVersion', 'kind', 'metadata']);

/** Validates every default below `schema` (the root of a CRD version's schema at `path`). */
export function validateDefaults(schema: JSONSchemaProps, path: string): FieldError[] {
  return visit({ ...schema, 'x-kubernetes-embedded-resource': true }, path, false);
}

function visit(s: JSONSchemaProps, path: string, insideMeta: boolean): FieldError[] {
  const errors: FieldError[] = [];
  if (s.default !== undefined && !insideMeta) errors.push(...validateDefault(s, path));
  // Defaults below additionalProperties are forbidden elsewhere, so they are not followed here.
  if (s.items) errors.push(...visit(s.items, childPath(path, 'items'), insideMeta));
  const embedded = s['x-kubernetes-embedded-resource'] === true;
  for (const [key, property] of Object.entries(s.properties ?? {})) {
    errors.push(...visit(property, keyPath(childPath(path, 'properties'), key), embedded ? metaFields.has(key) : insideMeta));
  }
  return errors;
}

function validateDefault(s: JSONSchemaProps, path: string): FieldError[] {
  const defaultPath = childPath(path, 'default');
  const value = s.default;
  const errors: FieldError[] = [];
  const pruned = copyJSON(value);
  prune(s, pruned, { isResourceRoot: s['x-kubernetes-embedded-resource'] === true });
  if (!jsonEqual(pruned, value)) errors.push(fieldError.invalid(defaultPath, value, 'must not have unknown fields'));
  const schemaErrors = validateAgainstSchema(s, value, '', { fieldPrefix: defaultPath });
  if (schemaErrors.length > 0) return [...errors, ...schemaErrors];
  // Transition rules see the default as both self and oldSelf; nothing is ratcheted here.
  return [...errors, ...validateCelRules(s, value, { oldValue: value, fieldPath: defaultPath, ratcheting: false }).errors];
}

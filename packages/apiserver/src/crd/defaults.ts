/**
 * Structural defaulting, as apiextensions applies it when a custom resource is decoded:
 *
 * 1. null values of non-nullable fields without a default are dropped
 *    (PruneNonNullableNullsWithoutDefaults), so `spec.image: null` means "unset";
 * 2. every missing property with a default gets a deep copy of it, and so does a null in a
 *    non-nullable property, array item or map value that has a default; then defaulting recurses
 *    into properties, additionalProperties and items — including into the values just defaulted.
 *
 * Defaults are never applied to absent parents: `spec.alarms.channelRef.name` is defaulted only
 * when `alarms.channelRef` exists (or is itself defaulted).
 */
import { copyJSON, isObject, ownValue, setOwn } from './json-value.ts';
import type { JSONSchemaProps } from './schema-types.ts';

/** Mutates `value` in place and returns it. */
export function applyDefaults<T>(schema: JSONSchemaProps | undefined, value: T): T {
  pruneNonNullableNullsWithoutDefaults(schema, value);
  defaultValues(schema, value);
  return value;
}

function fieldSchema(schema: JSONSchemaProps | undefined, key: string): JSONSchemaProps | undefined {
  if (!schema) return undefined;
  if (schema.properties && Object.hasOwn(schema.properties, key)) return schema.properties[key];
  return typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
}

function isNonNullableNull(value: unknown, schema: JSONSchemaProps | undefined): schema is JSONSchemaProps {
  return value === null && schema !== undefined && !schema.nullable;
}

function pruneNonNullableNullsWithoutDefaults(schema: JSONSchemaProps | undefined, value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) pruneNonNullableNullsWithoutDefaults(schema?.items, item);
  } else if (isObject(value)) {
    for (const key of Object.keys(value)) {
      const s = fieldSchema(schema, key);
      if (isNonNullableNull(value[key], s) && s.default === undefined) delete value[key];
      else pruneNonNullableNullsWithoutDefaults(s, value[key]);
    }
  }
}

function defaultValues(schema: JSONSchemaProps | undefined, value: unknown): void {
  if (!schema) return;
  if (Array.isArray(value)) {
    const items = schema.items;
    value.forEach((item, i) => {
      if (isNonNullableNull(item, items) && items.default !== undefined) value[i] = copyJSON(items.default);
      defaultValues(items, value[i]);
    });
    return;
  }
  if (!isObject(value)) return;
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (property.default === undefined) continue;
    if (!Object.hasOwn(value, key) || isNonNullableNull(value[key], property)) setOwn(value, key, copyJSON(property.default));
  }
  const additional = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  for (const key of Object.keys(value)) {
    if (schema.properties && Object.hasOwn(schema.properties, key)) {
      defaultValues(schema.properties[key], value[key]);
    } else if (additional) {
      if (isNonNullableNull(value[key], additional) && additional.default !== undefined) setOwn(value, key, copyJSON(additional.default));
      defaultValues(additional, ownValue(value, key));
    }
  }
}

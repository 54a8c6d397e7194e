/**
 * Structural defaulting (defaults.ts) and pruning (prune.ts), compiled once per schema into one
 * closure per node, for the decode of every custom resource write.
 *
 * The interpreters look up each field's schema by name at every node of every object and walk
 * the schema's properties with Object.entries; a compiled node holds its fields' compiled
 * children in a Map, the properties that have defaults in a list, and a subtree that holds no
 * default at all is not visited by defaulting. What is changed, and the pruned paths with their
 * spelling and order, are the interpreters': decode-compiled.test.ts holds them to each other.
 */
import { copyJSON, isObject, ownValue, setOwn } from './json-value.ts';
import type { JSONSchemaProps } from './schema-types.ts';

export interface CompiledDecoder {
  /** PruneNonNullableNullsWithoutDefaults (unless keepNulls), then applyDefaults(schema, value): mutates `value`. */
  applyDefaults(value: unknown, options?: { keepNulls?: boolean }): void;
  /** prune(schema, value, { isResourceRoot: true }): mutates `value`, returns the removed paths, sorted. */
  prune(value: unknown): string[];
}

type Mutate = (value: unknown) => void;
const nothing: Mutate = () => {};

export function compileDecoder(schema: JSONSchemaProps | undefined): CompiledDecoder {
  const dropNulls = compileDropNulls(schema);
  const defaults = compileDefaults(schema);
  const pruneRoot = compilePrune({ ...(schema ?? {}), 'x-kubernetes-embedded-resource': true });
  return {
    applyDefaults(value, options) {
      if (!options?.keepNulls) dropNulls(value);
      defaults(value);
    },
    prune(value) {
      const pruned: string[] = [];
      pruneRoot(value, '', pruned);
      return pruned.sort();
    },
  };
}

/** defaults.ts' fieldSchema, resolved for every declared field and for the rest. */
interface Fields<T> {
  readonly declared: Map<string, { readonly schema: JSONSchemaProps; readonly compiled: T }>;
  readonly additional: { readonly schema: JSONSchemaProps; readonly compiled: T } | undefined;
}

function fieldsOf<T>(schema: JSONSchemaProps, compile: (s: JSONSchemaProps) => T): Fields<T> {
  const declared = new Map<string, { schema: JSONSchemaProps; compiled: T }>();
  for (const [key, property] of Object.entries(schema.properties ?? {})) declared.set(key, { schema: property, compiled: compile(property) });
  const additional =
    typeof schema.additionalProperties === 'object' ? { schema: schema.additionalProperties, compiled: compile(schema.additionalProperties) } : undefined;
  return { declared, additional };
}

/** PruneNonNullableNullsWithoutDefaults. */
function compileDropNulls(schema: JSONSchemaProps | undefined): Mutate {
  // Without a schema nothing is non-nullable, and below a node with no fields or items nothing is reached.
  if (!schema) return nothing;
  const items = compileDropNulls(schema.items);
  const hasFields = schema.properties !== undefined || typeof schema.additionalProperties === 'object';
  if (!schema.items && !hasFields) return nothing;
  const { declared, additional } = fieldsOf(schema, compileDropNulls);
  return (value) => {
    if (Array.isArray(value)) {
      for (const item of value) items(item);
    } else if (isObject(value)) {
      for (const key of Object.keys(value)) {
        const field = (schema.properties && Object.hasOwn(schema.properties, key) ? declared.get(key) : undefined) ?? additional;
        if (!field) continue;
        if (value[key] === null && !field.schema.nullable && field.schema.default === undefined) delete value[key];
        else field.compiled(value[key]);
      }
    }
  };
}

function holdsDefaults(schema: JSONSchemaProps | undefined): boolean {
  if (!schema) return false;
  if (schema.default !== undefined) return true;
  if (holdsDefaults(schema.items)) return true;
  if (typeof schema.additionalProperties === 'object' && holdsDefaults(schema.additionalProperties)) return true;
  return Object.values(schema.properties ?? {}).some(holdsDefaults);
}

const isNonNullableNull = (value: unknown, schema: JSONSchemaProps): boolean => value === null && !schema.nullable;

/** Defaults of missing and null fields, then recursion into every field, item and map value. */
function compileDefaults(schema: JSONSchemaProps | undefined): Mutate {
  // Defaulting only ever sets defaults: a subtree without one is left as it is.
  if (!schema || !holdsDefaults(schema)) return nothing;
  const items = schema.items;
  const itemDefaults = compileDefaults(items);
  const { declared, additional } = fieldsOf(schema, compileDefaults);
  const defaulted = Object.entries(schema.properties ?? {}).filter(([, property]) => property.default !== undefined);
  return (value) => {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        if (items && isNonNullableNull(value[i], items) && items.default !== undefined) value[i] = copyJSON(items.default);
        itemDefaults(value[i]);
      }
      return;
    }
    if (!isObject(value)) return;
    for (const [key, property] of defaulted) {
      if (!Object.hasOwn(value, key) || isNonNullableNull(value[key], property)) setOwn(value, key, copyJSON(property.default));
    }
    for (const key of Object.keys(value)) {
      if (schema.properties && Object.hasOwn(schema.properties, key)) declared.get(key)!.compiled(value[key]);
      else if (additional) {
        if (isNonNullableNull(value[key], additional.schema) && additional.schema.default !== undefined)
          setOwn(value, key, copyJSON(additional.schema.default));
        additional.compiled(ownValue(value, key));
      }
    }
  };
}

type Prune = (value: unknown, path: string, pruned: string[]) => void;

const metaFields = new Set(['apiVersion', 'kind', 'metadata']);
const join = (parent: string, key: string): string => (parent === '' ? key : `${parent}.${key}`);

/** prune.ts' pruneValue for one schema node (or none: everything below is unknown). */
function compilePrune(schema: JSONSchemaProps | undefined): Prune {
  if (schema?.['x-kubernetes-preserve-unknown-fields']) return compileSkipPrune(schema);
  const items = schema ? compilePrune(schema.items) : undefined;
  const fields = schema ? fieldsOf(schema, compilePrune) : undefined;
  const undeclared = schema && schema.additionalProperties !== undefined ? (fields!.additional?.compiled ?? compilePrune(undefined)) : undefined;
  const embedded = Boolean(schema?.['x-kubernetes-embedded-resource']);
  const self: Prune = (value, path, pruned) => {
    if (Array.isArray(value)) {
      const item = items ?? self;
      for (let i = 0; i < value.length; i++) item(value[i], `${path}[${i}]`, pruned);
      return;
    }
    if (!isObject(value)) return;
    for (const key of Object.keys(value)) {
      if (embedded && metaFields.has(key)) continue;
      if (schema?.properties && Object.hasOwn(schema.properties, key)) fields!.declared.get(key)!.compiled(value[key], join(path, key), pruned);
      else if (undeclared) undeclared(value[key], join(path, key), pruned);
      else {
        // Unknown top-level apiVersion/kind/metadata are dropped silently, as Kubernetes does.
        if (!metaFields.has(key) || path !== '') pruned.push(join(path, key));
        delete value[key];
      }
    }
  };
  return self;
}

/** Below preserve-unknown-fields: unknown fields stay, known ones are still pruned inside. */
function compileSkipPrune(schema: JSONSchemaProps): Prune {
  const items = schema.items ? compileSkipPrune(schema.items) : undefined;
  const fields = fieldsOf(schema, compilePrune);
  const undeclared = schema.additionalProperties !== undefined ? (fields.additional?.compiled ?? compilePrune(undefined)) : undefined;
  const embedded = Boolean(schema['x-kubernetes-embedded-resource']);
  return (value, path, pruned) => {
    if (Array.isArray(value)) {
      if (items) for (let i = 0; i < value.length; i++) items(value[i], `${path}[${i}]`, pruned);
      return;
    }
    if (!isObject(value)) return;
    for (const key of Object.keys(value)) {
      if (embedded && metaFields.has(key)) continue;
      if (schema.properties && Object.hasOwn(schema.properties, key)) fields.declared.get(key)!.compiled(value[key], join(path, key), pruned);
      else if (undeclared) undeclared(value[key], join(path, key), pruned);
    }
  };
}

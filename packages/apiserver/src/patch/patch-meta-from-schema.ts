/**
 * PatchMeta from an OpenAPI v3 (structural) schema, so server-side apply merges a custom
 * resource's lists the way its CRD declares: x-kubernetes-list-type / list-map-keys (with key
 * defaults), x-kubernetes-map-type, and the patch-strategy extensions where present. Unannotated
 * lists stay atomic, as they are for CRDs in kube-apiserver. Each node's type becomes the atom
 * SMD's typed conversion checks an apply configuration against.
 */
import { objectMetaPatchMeta } from './builtin-patch-meta.ts';
import { isJsonObject, type JsonObject } from './json-value.ts';
import type { PatchMeta, PatchStrategy } from './patch-meta.ts';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const cache = new WeakMap<object, PatchMeta>();

/**
 * The meta of a whole object: its schema's, with ObjectMeta's rules under `metadata`. Cached
 * per schema object, since every write of a custom resource asks for it.
 */
export function patchMetaFromSchema(schema: unknown): PatchMeta {
  const cached = isJsonObject(schema) ? cache.get(schema) : undefined;
  if (cached) return cached;
  const converted = convert(schema) ?? {};
  // Every object has its type and ObjectMeta, whatever its schema lists.
  const meta = { ...converted, fields: { ...converted.fields, apiVersion: {}, kind: {}, metadata: objectMetaPatchMeta } };
  if (isJsonObject(schema)) cache.set(schema, meta);
  return meta;
}

function convert(schema: unknown): PatchMeta | undefined {
  if (!isJsonObject(schema)) return undefined;
  const meta: Mutable<PatchMeta> = {};
  const declaredOnly = isJsonObject(schema.properties) && schema['x-kubernetes-preserve-unknown-fields'] !== true && schema.additionalProperties === undefined;
  if (isJsonObject(schema.properties)) {
    const fields: { [name: string]: PatchMeta } = {};
    for (const [name, sub] of Object.entries(schema.properties)) {
      const child = convert(sub) ?? (declaredOnly ? {} : undefined);
      if (child && name !== '__proto__') fields[name] = child;
    }
    if (schema['x-kubernetes-embedded-resource'] === true) Object.assign(fields, { apiVersion: {}, kind: {}, metadata: objectMetaPatchMeta });
    if (Object.keys(fields).length) meta.fields = fields;
    if (declaredOnly) meta.declaredOnly = true;
  }
  const atom = atomOf(schema);
  if (atom) meta.atom = atom;
  const items = convert(schema.items) ?? convert(schema.additionalProperties);
  if (items) meta.items = items;
  if (schema['x-kubernetes-map-type'] === 'atomic') meta.atomic = true;
  const listType = schema['x-kubernetes-list-type'];
  if (listType === 'atomic' || listType === 'set' || listType === 'map') meta.listType = listType;
  const keys = schema['x-kubernetes-list-map-keys'];
  if (Array.isArray(keys) && keys.every((k): k is string => typeof k === 'string')) {
    meta.listMapKeys = keys;
    const defaults = keyDefaults(schema.items, keys);
    if (defaults) meta.listMapKeyDefaults = defaults;
  }
  const strategy = schema['x-kubernetes-patch-strategy'];
  if (typeof strategy === 'string') meta.patchStrategy = strategy as PatchStrategy;
  const mergeKey = schema['x-kubernetes-patch-merge-key'];
  if (typeof mergeKey === 'string') meta.patchMergeKey = mergeKey;
  return Object.keys(meta).length ? meta : undefined;
}

/** kube-openapi's schemaconv: what SMD's typed conversion accepts for a structural schema's type. */
function atomOf(schema: JsonObject): PatchMeta['atom'] {
  switch (schema.type) {
    case 'integer':
    case 'number':
      return 'numeric';
    case 'boolean':
      return 'boolean';
    case 'string':
      return schema.format === undefined || schema.format === '' || schema.format === 'byte' ? 'string' : 'scalar';
    case 'array':
      return 'list';
    case 'object':
      return 'map';
    default:
      // No type (x-kubernetes-int-or-string, a free value under preserve-unknown-fields): anything.
      return undefined;
  }
}

function keyDefaults(items: unknown, keys: readonly string[]): PatchMeta['listMapKeyDefaults'] {
  const properties = isJsonObject(items) && isJsonObject(items.properties) ? items.properties : {};
  const out: Mutable<NonNullable<PatchMeta['listMapKeyDefaults']>> = {};
  for (const key of keys) {
    const value = (properties[key] as JsonObject | undefined)?.default;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  return Object.keys(out).length ? out : undefined;
}

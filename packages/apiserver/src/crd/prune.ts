/**
 * Pruning of unknown fields (apiextensions' pruning.PruneWithOptions): every field the
 * structural schema does not specify is removed, except below
 * `x-kubernetes-preserve-unknown-fields: true`, and except apiVersion/kind/metadata of embedded
 * resources and of the object root (metadata is the registry's business).
 *
 * The removed paths come back sorted, in the form kube-apiserver quotes them for
 * fieldValidation=Strict (`unknown field "spec.foo"`) and Warn: `spec.foo`, `spec.items[0].bar`.
 */
import { isObject } from './json-value.ts';
import type { JSONSchemaProps } from './schema-types.ts';

const metaFields = new Set(['apiVersion', 'kind', 'metadata']);

export interface PruneOptions {
  /** Treat `value` as a whole object (keep apiVersion/kind/metadata at its top). Default true. */
  isResourceRoot?: boolean;
}

/** Mutates `value` in place; returns the paths of the removed fields. */
export function prune(schema: JSONSchemaProps | undefined, value: unknown, options: PruneOptions = {}): string[] {
  let root = schema;
  if (options.isResourceRoot ?? true) root = { ...(schema ?? {}), 'x-kubernetes-embedded-resource': true };
  const pruned: string[] = [];
  pruneValue(root, value, '', pruned);
  return pruned.sort();
}

function join(parent: string, key: string): string {
  return parent === '' ? key : `${parent}.${key}`;
}

function pruneValue(schema: JSONSchemaProps | undefined, value: unknown, path: string, pruned: string[]): void {
  if (schema?.['x-kubernetes-preserve-unknown-fields']) {
    skipPrune(schema, value, path, pruned);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => pruneValue(schema?.items, item, `${path}[${i}]`, pruned));
    return;
  }
  if (!isObject(value)) return;
  const additional = typeof schema?.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  for (const key of Object.keys(value)) {
    if (schema?.['x-kubernetes-embedded-resource'] && metaFields.has(key)) continue;
    if (schema?.properties && Object.hasOwn(schema.properties, key)) {
      pruneValue(schema.properties[key], value[key], join(path, key), pruned);
    } else if (schema && schema.additionalProperties !== undefined) {
      // A boolean additionalProperties has no schema below it: nested objects are emptied.
      pruneValue(additional, value[key], join(path, key), pruned);
    } else {
      // Unknown top-level apiVersion/kind/metadata are dropped silently, as Kubernetes does.
      if (!metaFields.has(key) || path !== '') pruned.push(join(path, key));
      delete value[key];
    }
  }
}

/** Below preserve-unknown-fields: keep unknown fields, but still prune inside known ones. */
function skipPrune(schema: JSONSchemaProps, value: unknown, path: string, pruned: string[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      if (schema.items) skipPrune(schema.items, item, `${path}[${i}]`, pruned);
    });
    return;
  }
  if (!isObject(value)) return;
  const additional = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  for (const key of Object.keys(value)) {
    if (schema['x-kubernetes-embedded-resource'] && metaFields.has(key)) continue;
    if (schema.properties && Object.hasOwn(schema.properties, key)) pruneValue(schema.properties[key], value[key], join(path, key), pruned);
    else if (schema.additionalProperties !== undefined) pruneValue(additional, value[key], join(path, key), pruned);
  }
}

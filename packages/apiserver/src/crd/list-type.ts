/**
 * The x-kubernetes-list-type invariants (apiextensions' listtype.ValidateListSetsAndMaps):
 * a `set` holds no duplicate items and a `map` no two items with the same key fields. Only the
 * second occurrence of a value is reported, as `Duplicate value: <item or keys>`.
 */
import { fieldError, type FieldError } from '@dojo/kube-api';
import { childPath, indexPath, keyPath, renderPath } from './field-path.ts';
import { withGoFloatValue } from './go-format.ts';
import { isObject, kindOf, ownValue } from './json-value.ts';
import type { JSONSchemaProps } from './schema-types.ts';

/** Whether a schema declares a set or a map list anywhere: where none is, there is nothing to check. */
const declaresLists = new WeakMap<JSONSchemaProps, boolean>();

function hasListInvariants(schema: JSONSchemaProps): boolean {
  let known = declaresLists.get(schema);
  if (known === undefined) {
    const listType = schema['x-kubernetes-list-type'];
    known =
      listType === 'set' ||
      listType === 'map' ||
      (schema.items !== undefined && hasListInvariants(schema.items)) ||
      (typeof schema.additionalProperties === 'object' && hasListInvariants(schema.additionalProperties)) ||
      Object.values(schema.properties ?? {}).some(hasListInvariants);
    declaresLists.set(schema, known);
  }
  return known;
}

/** Validates every list below `value`; `path` is the field path of `value` ("" for the object root). */
export function validateListSetsAndMaps(schema: JSONSchemaProps | undefined, value: unknown, path = ''): FieldError[] {
  if (!schema || !hasListInvariants(schema)) return [];
  if (Array.isArray(value)) return validateArray(schema, value, path);
  if (!isObject(value)) return [];
  const errors: FieldError[] = [];
  const additional = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  for (const [key, item] of Object.entries(value)) {
    if (schema.properties && Object.hasOwn(schema.properties, key)) {
      errors.push(...validateListSetsAndMaps(schema.properties[key], item, childPath(path, key)));
    } else if (additional) {
      errors.push(...validateListSetsAndMaps(additional, item, keyPath(path, key)));
    }
  }
  return errors;
}

function validateArray(schema: JSONSchemaProps, list: unknown[], path: string): FieldError[] {
  const errors: FieldError[] = [];
  const listType = schema['x-kubernetes-list-type'];
  if (listType === 'set') {
    for (const i of nonUniqueIndices(list)) errors.push(withGoFloatValue(fieldError.duplicate(renderPath(indexPath(path, i)), list[i])));
  } else if (listType === 'map') {
    errors.push(...validateListMap(schema, list, path));
  }
  if (schema.items) list.forEach((item, i) => errors.push(...validateListSetsAndMaps(schema.items, item, indexPath(path, i))));
  return errors;
}

/**
 * Identity used for uniqueness: scalars by type and value, compounds by their JSON. Go keys its
 * map by interface value, so int64(1) and float64(1) differ; here whole numbers cannot be told
 * apart from floats and compare equal.
 */
function identity(value: unknown): string {
  if (value === undefined) return 'unspecified';
  const kind = kindOf(value);
  return kind === 'array' || kind === 'object' ? `json:${JSON.stringify(value)}` : `${kind}:${String(value)}`;
}

/** Indices of the second occurrence of each repeated value. */
function nonUniqueIndices(values: readonly unknown[]): number[] {
  const seen = new Map<string, number>();
  const result: number[] = [];
  values.forEach((v, i) => {
    const id = identity(v);
    const times = seen.get(id) ?? 0;
    if (times === 1) result.push(i);
    seen.set(id, times + 1);
  });
  return result;
}

function validateListMap(schema: JSONSchemaProps, list: unknown[], path: string): FieldError[] {
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (item !== null && !isObject(item)) {
      return [fieldError.invalid(renderPath(indexPath(path, i)), item, 'must be an object for an array of list-type map')];
    }
  }
  if (list.length <= 1) return [];
  const keyFields = schema['x-kubernetes-list-map-keys'] ?? [];
  if (keyFields.length === 1) {
    const keyField = keyFields[0]!;
    // A missing item or key is its own "unspecified" key, so two of them collide.
    const keys = list.map((item) => (isObject(item) && Object.hasOwn(item, keyField) ? item[keyField] : undefined));
    return nonUniqueIndices(keys).map((i) => fieldError.duplicate(renderPath(indexPath(path, i)), keys[i] === undefined ? {} : { [keyField]: keys[i] }));
  }
  const keys = list.map((item) => {
    const key: Record<string, unknown> = {};
    // Sorted, because Go prints map keys in order.
    if (isObject(item)) for (const k of [...keyFields].sort()) if (Object.hasOwn(item, k)) key[k] = ownValue(item, k);
    return key;
  });
  return nonUniqueIndices(keys).map((i) => fieldError.duplicate(renderPath(indexPath(path, i)), keys[i]));
}

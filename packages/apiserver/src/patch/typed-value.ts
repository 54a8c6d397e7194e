/**
 * How server-side apply sees a JSON value through its PatchMeta: a granular map (owned field by
 * field), a granular list (owned item by item, items named by key or value), or a leaf (scalars,
 * atomic lists, atomic structs: owned as one value).
 */
import { isJsonObject, hasKey } from './json-value.ts';
import { listTypeOf, type ListType, type PatchMeta } from './patch-meta.ts';
import type { PathElement } from './field-path.ts';

export type Shape = 'map' | 'list' | 'leaf';

export function shapeOf(value: unknown, meta: PatchMeta | undefined): Shape {
  if (isJsonObject(value)) return meta?.atomic ? 'leaf' : 'map';
  if (Array.isArray(value)) return listTypeOf(meta).kind === 'atomic' ? 'leaf' : 'list';
  return 'leaf';
}

/** The key field an associative-list item lacks (and has no default for), if any. */
export function missingListKey(list: ListType, item: unknown): string | undefined {
  if (list.kind !== 'map') return undefined;
  if (!isJsonObject(item)) return list.keys[0];
  return list.keys.find((key) => !hasKey(item, key) && list.keyDefaults[key] === undefined);
}

/** The element naming item `index` of a list, or undefined when the item cannot be named. */
export function listItemElement(list: ListType, item: unknown, index: number): PathElement | undefined {
  switch (list.kind) {
    case 'atomic':
      return { kind: 'index', index };
    case 'set':
      return isJsonObject(item) || Array.isArray(item) ? undefined : { kind: 'value', value: item };
    case 'map': {
      if (!isJsonObject(item) || missingListKey(list, item) !== undefined) return undefined;
      const fields = list.keys.map((key) => [key, hasKey(item, key) ? item[key] : list.keyDefaults[key]] as const);
      return { kind: 'key', fields };
    }
  }
}

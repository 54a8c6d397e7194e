/**
 * fieldSetOf: the set of fields an object sets, as SMD's ToFieldSet computes it. Scalars,
 * atomic values, null and empty maps are members; list items are members and so are their
 * fields; a non-empty map is only the sum of its fields.
 */
import { FieldSet } from './field-set.ts';
import { serializePathElement, type FieldPath, type PathElement } from './field-path.ts';
import { isJsonObject, presentEntries } from './json-value.ts';
import { fieldMeta, itemMeta, listTypeOf, type PatchMeta } from './patch-meta.ts';
import { listItemElement, shapeOf } from './typed-value.ts';

export interface NamedItem {
  readonly element: PathElement;
  /** serializePathElement(element), for pairing items across two lists. */
  readonly key: string;
  readonly item: unknown;
}

/**
 * Names every item of a granular list. Live objects may hold items that cannot be named
 * (missing keys): they fall back to their index rather than failing the write.
 */
export function namedItems(items: readonly unknown[], meta: PatchMeta | undefined): NamedItem[] {
  const list = listTypeOf(meta);
  return items.map((item, index) => {
    const element = listItemElement(list, item, index) ?? { kind: 'index', index };
    return { element, key: serializePathElement(element), item };
  });
}

export function fieldSetOf(value: unknown, meta: PatchMeta | undefined): FieldSet {
  const set = new FieldSet();
  walk(value, meta, [], set);
  return set;
}

function walk(value: unknown, meta: PatchMeta | undefined, path: FieldPath, set: FieldSet): void {
  switch (shapeOf(value, meta)) {
    case 'leaf':
      set.insert(path);
      return;
    case 'map':
      for (const [key, child] of presentEntries(value as Record<string, unknown>)) {
        const childPath = [...path, { kind: 'field', name: key } as const];
        const childMeta = fieldMeta(meta, key);
        walk(child, childMeta, childPath, set);
        if (isJsonObject(child) && presentEntries(child).length === 0) set.insert(childPath);
      }
      return;
    case 'list':
      for (const { element, item } of namedItems(value as unknown[], meta)) {
        const itemPath = [...path, element];
        walk(item, itemMeta(meta), itemPath, set);
        set.insert(itemPath);
      }
      return;
  }
}

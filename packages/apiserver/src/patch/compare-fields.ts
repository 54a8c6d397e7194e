/**
 * compareFields: which fields an update added, modified and removed (SMD's TypedValue.Compare).
 * Leaves land in one of the three sets when they appear, change or disappear; maps and list
 * items land in `added`/`removed` themselves when they appear or disappear as a whole, which is
 * why an Update entry shows `".": {}` under a map it created.
 */
import { FieldSet } from './field-set.ts';
import type { FieldPath } from './field-path.ts';
import { fieldSetOf, namedItems } from './field-set-of.ts';
import { getMember, isJsonObject, jsonEqual, presentEntries } from './json-value.ts';
import { fieldMeta, itemMeta, type PatchMeta } from './patch-meta.ts';
import { shapeOf, type Shape } from './typed-value.ts';

export interface FieldComparison {
  readonly added: FieldSet;
  readonly modified: FieldSet;
  readonly removed: FieldSet;
}

export function compareFields(lhs: unknown, rhs: unknown, meta: PatchMeta | undefined): FieldComparison {
  const comparison = { added: new FieldSet(), modified: new FieldSet(), removed: new FieldSet() };
  walk(lhs, rhs, meta, [], comparison);
  return comparison;
}

/** null stands in for an empty map or list: Go writes `containers: null` for an unset list. */
function shapeOfPair(l: unknown, r: unknown, meta: PatchMeta | undefined): Shape | 'mismatch' {
  const left = l === undefined || l === null ? undefined : shapeOf(l, meta);
  const right = r === undefined || r === null ? undefined : shapeOf(r, meta);
  if (left && right && left !== right) return 'mismatch';
  return left ?? right ?? 'leaf';
}

function walk(l: unknown, r: unknown, meta: PatchMeta | undefined, path: FieldPath, c: FieldComparison): void {
  if (l === undefined && r === undefined) return;
  const shape = shapeOfPair(l, r, meta);
  if (shape === 'mismatch') {
    c.modified.insert(path);
    for (const p of fieldSetOf(l, meta).paths(path)) c.removed.insert(p);
    for (const p of fieldSetOf(r, meta).paths(path)) c.added.insert(p);
    return;
  }
  if (shape === 'leaf' || (isEmptyContainer(l) && isEmptyContainer(r))) {
    // Empty on both sides compares as a leaf, which keeps {} and null apart.
    if (l === undefined) c.added.insert(path);
    else if (r === undefined) c.removed.insert(path);
    else if (!jsonEqual(l, r)) c.modified.insert(path);
    return;
  }
  if (shape === 'map') {
    const left = isJsonObject(l) ? l : {};
    const right = isJsonObject(r) ? r : {};
    for (const [key, value] of presentEntries(left)) walk(value, getMember(right, key), fieldMeta(meta, key), [...path, { kind: 'field', name: key }], c);
    for (const [key, value] of presentEntries(right)) {
      if (getMember(left, key) === undefined) walk(undefined, value, fieldMeta(meta, key), [...path, { kind: 'field', name: key }], c);
    }
  } else {
    const left = namedItems(Array.isArray(l) ? l : [], meta);
    const right = new Map(namedItems(Array.isArray(r) ? r : [], meta).reverse().map((n) => [n.key, n] as const));
    const seen = new Set<string>();
    for (const { key, element, item } of left) {
      if (seen.has(key)) continue;
      seen.add(key);
      walk(item, right.get(key)?.item, itemMeta(meta), [...path, element], c);
    }
    for (const { key, element, item } of right.values()) {
      if (!seen.has(key)) walk(undefined, item, itemMeta(meta), [...path, element], c);
    }
  }
  if (path.length === 0) return;
  if (l === undefined) c.added.insert(path);
  else if (r === undefined) c.removed.insert(path);
}

function isEmptyContainer(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  return isJsonObject(value) && presentEntries(value).length === 0;
}

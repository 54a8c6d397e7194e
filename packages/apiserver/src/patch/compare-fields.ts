/**
 * compareFields: which fields an update added, modified and removed (SMD's TypedValue.Compare).
 * Leaves land in one of the three sets when they appear, change or disappear; maps and list
 * items land in `added`/`removed` themselves when they appear or disappear as a whole, which is
 * why an Update entry shows `".": {}` under a map it created.
 */
import { FieldSet } from './field-set.ts';
import type { PathElement } from './field-path.ts';
import { fieldSetOf, namedItems } from './field-set-of.ts';
import { getMember, isJsonObject, jsonEqual } from './json-value.ts';
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

// Every write compares the whole object (a status update walks the spec too), so the walk
// skips equal subtrees (they add nothing to any set) and reuses one path array: FieldSet.insert
// copies the elements it keeps, never the array.

/** null stands in for an empty map or list: Go writes `containers: null` for an unset list. */
function shapeOfPair(l: unknown, r: unknown, meta: PatchMeta | undefined): Shape | 'mismatch' {
  const left = l === undefined || l === null ? undefined : shapeOf(l, meta);
  const right = r === undefined || r === null ? undefined : shapeOf(r, meta);
  if (left && right && left !== right) return 'mismatch';
  return left ?? right ?? 'leaf';
}

function walk(l: unknown, r: unknown, meta: PatchMeta | undefined, path: PathElement[], c: FieldComparison): void {
  if (l === undefined && r === undefined) return;
  if (typeof l === 'object' && l !== null && r !== undefined && jsonEqual(l, r)) return;
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
    for (const key of Object.keys(left)) {
      const value = left[key];
      if (value === undefined) continue;
      path.push({ kind: 'field', name: key });
      walk(value, getMember(right, key), fieldMeta(meta, key), path, c);
      path.pop();
    }
    for (const key of Object.keys(right)) {
      const value = right[key];
      if (value === undefined || getMember(left, key) !== undefined) continue;
      path.push({ kind: 'field', name: key });
      walk(undefined, value, fieldMeta(meta, key), path, c);
      path.pop();
    }
  } else {
    const left = namedItems(Array.isArray(l) ? l : [], meta);
    const right = new Map(
      namedItems(Array.isArray(r) ? r : [], meta)
        .reverse()
        .map((n) => [n.key, n] as const),
    );
    const seen = new Set<string>();
    for (const { key, element, item } of left) {
      if (seen.has(key)) continue;
      seen.add(key);
      path.push(element);
      walk(item, right.get(key)?.item, itemMeta(meta), path, c);
      path.pop();
    }
    for (const { key, element, item } of right.values()) {
      if (seen.has(key)) continue;
      path.push(element);
      walk(undefined, item, itemMeta(meta), path, c);
      path.pop();
    }
  }
  if (path.length === 0) return;
  if (l === undefined) c.added.insert(path);
  else if (r === undefined) c.removed.insert(path);
}

function isEmptyContainer(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (!isJsonObject(value)) return false;
  for (const key of Object.keys(value)) if (value[key] !== undefined) return false;
  return true;
}

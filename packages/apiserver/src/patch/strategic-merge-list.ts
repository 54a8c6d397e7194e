/**
 * The list half of strategic merge patch (k8s.io/apimachinery/pkg/util/strategicpatch): lists
 * with patchStrategy "merge" are merged by patchMergeKey (lists of maps) or as sets (lists of
 * scalars), `{"$patch": "delete"|"replace"}` items act on the whole list, and the result order is
 * "patch order first, live order for the rest", interleaved the way kubectl expects.
 *
 * Map merging is passed in (`MapMerger`) rather than imported, so the two halves stay acyclic.
 */
import { isJsonObject, hasKey, type JsonObject } from './json-value.ts';
import { itemMeta, smpStrategyOf, type PatchMeta } from './patch-meta.ts';
import { goTypeName, goValueString, newPatchServerError, newPatchUnprocessable } from './patch-errors.ts';

export type MapMerger = (original: JsonObject | undefined, patch: JsonObject, meta: PatchMeta | undefined) => JsonObject;

const directiveMarker = '$patch';

function errNoMergeKey(item: unknown, mergeKey: string): Error {
  return newPatchServerError(`map: ${goValueString(item)} does not contain declared merge key: ${mergeKey}`);
}

export function errBadArgType(expected: string, actual: unknown): Error {
  return newPatchServerError(`expected a ${expected}, but received a ${goTypeName(actual)}`);
}

/** Every element must have the same Go type, and lists of lists are not supported. */
function elementKind(...lists: readonly unknown[][]): 'map' | 'scalar' {
  let kind: string | undefined;
  for (const list of lists) {
    for (const item of list) {
      const current = goTypeName(item);
      if (kind === undefined) {
        if (Array.isArray(item)) throw newPatchUnprocessable('lists of lists are not supported');
        kind = current;
      } else if (kind !== current) {
        throw newPatchServerError(`list element types are not identical: [${lists.map(goValueString).join(' ')}]`);
      }
    }
  }
  return kind === 'map[string]interface {}' ? 'map' : 'scalar';
}

function keyOf(item: unknown, mergeKey: string): unknown {
  if (!isJsonObject(item)) throw errBadArgType('map[string]interface {}', item);
  if (!hasKey(item, mergeKey)) throw errNoMergeKey(item, mergeKey);
  return item[mergeKey];
}

/** Position of `item` in `list`, matching maps by merge key and scalars by value. */
function indexIn(list: readonly unknown[], item: unknown, mergeKey: string): number {
  if (!mergeKey) return list.indexOf(item);
  const key = isJsonObject(item) ? item[mergeKey] : undefined;
  return list.findIndex((other) => isJsonObject(other) && other[mergeKey] === key);
}

/** Turns a patch list that has nothing under it into plain data (directives resolved, nulls gone). */
export function materializeList(patch: readonly unknown[], meta: PatchMeta | undefined, mergeMap: MapMerger): unknown[] {
  const merging = smpStrategyOf(meta) === 'merge';
  return patch
    .filter((item) => !(merging && isJsonObject(item) && hasKey(item, directiveMarker)))
    .map((item) => (isJsonObject(item) ? mergeMap(undefined, item, itemMeta(meta)) : item));
}

/** mergeSlice: merges `patch` into `original` for a list whose strategy is "merge". */
export function mergeList(original: unknown[], patch: unknown[], meta: PatchMeta | undefined, mergeMap: MapMerger, isDeleteList: boolean): unknown[] {
  if (original.length === 0 && patch.length === 0) return original;
  const kind = elementKind(original, patch);
  if (kind === 'scalar') {
    if (isDeleteList) return original.filter((item) => !patch.includes(item));
    const merged = [...new Set([...original, ...patch])];
    return normalizeOrder(
      merged.filter((v) => patch.includes(v)),
      merged.filter((v) => !patch.includes(v)),
      patch,
      original,
      '',
    );
  }
  const mergeKey = meta?.patchMergeKey ?? '';
  if (!mergeKey) throw newPatchServerError('cannot merge lists without merge key for type map');
  const special = applySpecialElements(original, patch, mergeKey, meta, mergeMap);
  const merged = [...special.original];
  for (const item of special.patch as JsonObject[]) {
    const key = keyOf(item, mergeKey);
    const at = merged.findIndex((other) => keyOf(other, mergeKey) === key);
    if (at >= 0) merged[at] = mergeMap(merged[at] as JsonObject, item, itemMeta(meta));
    else merged.push(mergeMap(undefined, item, itemMeta(meta)));
  }
  const [inPatch, serverOnly] = partitionMaps(merged, special.patch, mergeKey);
  return normalizeOrder(inPatch, serverOnly, special.patch, special.original, mergeKey);
}

/** `$patch: delete` removes items by merge key; `$patch: replace` makes the rest the whole list. */
function applySpecialElements(
  original: unknown[],
  patch: unknown[],
  mergeKey: string,
  meta: PatchMeta | undefined,
  mergeMap: MapMerger,
): { original: unknown[]; patch: unknown[] } {
  const rest: unknown[] = [];
  let replace = false;
  for (const item of patch as JsonObject[]) {
    if (!hasKey(item, directiveMarker)) {
      rest.push(item);
      continue;
    }
    switch (item[directiveMarker]) {
      case 'delete': {
        if (!hasKey(item, mergeKey)) throw errNoMergeKey(item, mergeKey);
        original = original.filter((other) => !(isJsonObject(other) && other[mergeKey] === item[mergeKey]));
        break;
      }
      case 'replace':
        replace = true;
        break;
      case 'merge':
        throw newPatchServerError('merging lists cannot yet be specified in the patch');
      default:
        throw newPatchServerError(`unknown patch type: ${String(item[directiveMarker])} in map: ${goValueString(item)}`);
    }
  }
  if (replace) return { original: rest.map((item) => mergeMap(undefined, item as JsonObject, itemMeta(meta))), patch: [] };
  return { original, patch: rest };
}

function partitionMaps(merged: readonly unknown[], by: readonly unknown[], mergeKey: string): [unknown[], unknown[]] {
  const inList: unknown[] = [];
  const rest: unknown[] = [];
  for (const item of merged) {
    const key = keyOf(item, mergeKey);
    (by.some((other) => isJsonObject(other) && other[mergeKey] === key) ? inList : rest).push(item);
  }
  return [inList, rest];
}

/**
 * normalizeElementOrder: patch items take the patch order, server-only items keep the live
 * order, and each server-only item is slotted in before the first patch item that follows it live.
 */
function normalizeOrder(
  patchItems: unknown[],
  serverOnly: unknown[],
  patchOrder: readonly unknown[],
  serverOrder: readonly unknown[],
  mergeKey: string,
): unknown[] {
  const byOrder = (order: readonly unknown[]) => (a: unknown, b: unknown) => indexIn(order, a, mergeKey) - indexIn(order, b, mergeKey);
  const right = [...patchItems].sort(byOrder(patchOrder));
  const left = [...serverOnly].sort(byOrder(serverOrder));
  const out: unknown[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (i >= left.length) out.push(right[j++]);
    else if (j >= right.length) out.push(left[i++]);
    else {
      const li = indexIn(serverOrder, left[i], mergeKey);
      const ri = indexIn(serverOrder, right[j], mergeKey);
      if (li >= 0 && ri >= 0 && li < ri) out.push(left[i++]);
      else out.push(right[j++]);
    }
  }
  return out;
}

/**
 * `$setElementOrder/<field>`: merges the field's patch list as usual, then orders the result by
 * the directive's list (kubectl apply sends it to keep the user's order).
 */
export function mergeWithElementOrder(
  original: unknown[] | undefined,
  patch: unknown[] | undefined,
  order: unknown[],
  meta: PatchMeta | undefined,
  mergeMap: MapMerger,
): unknown[] | undefined {
  const mergeKey = meta?.patchMergeKey ?? '';
  validateElementOrder(patch ?? [], order, mergeKey);
  let merged: unknown[];
  if (original && !patch) merged = original;
  else if (!original && patch) merged = materializeList(patch, meta, mergeMap);
  else if (original && patch) {
    merged = smpStrategyOf(meta) === 'merge' ? mergeList(original, patch, meta, mergeMap, false) : materializeList(patch, meta, mergeMap);
  } else return undefined;
  if (merged.length === 0) return merged;
  const [inOrder, rest]: [unknown[], unknown[]] = mergeKey
    ? partitionMaps(merged, order, mergeKey)
    : [merged.filter((v) => order.includes(v)), merged.filter((v) => !order.includes(v))];
  return normalizeOrder(inOrder, rest, order, original ?? [], mergeKey);
}

/** The patch list's items must appear in the directive's list, in the same relative order. */
function validateElementOrder(patch: readonly unknown[], order: readonly unknown[], mergeKey: string): void {
  if (patch.length === 0 || order.length === 0) return;
  const items = mergeKey ? patch.filter((item) => !(isJsonObject(item) && item[directiveMarker] === 'delete')) : patch;
  let p = 0;
  let o = 0;
  while (p < items.length && o < order.length) {
    const item = items[p];
    if (isJsonObject(item) && hasKey(item, directiveMarker)) {
      p++;
      continue;
    }
    if (mergeKey ? keyOf(item, mergeKey) === keyOf(order[o], mergeKey) : item === order[o]) p++;
    o++;
  }
  if (p < items.length) {
    throw newPatchServerError(`The order in patch list:\n${goValueString(patch)}\n doesn't match $setElementOrder list:\n${goValueString(order)}\n`);
  }
}

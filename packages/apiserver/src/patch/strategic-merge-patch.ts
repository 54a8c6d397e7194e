/**
 * Strategic merge patch (`application/strategic-merge-patch+json`) for built-in kinds, as
 * kubectl apply/patch/edit send it. Maps merge key by key and `null` deletes; lists follow
 * their PatchMeta (see strategic-merge-list.ts). Directives:
 *
 * - `$patch: replace` / `$patch: delete` on a map replaces it with the rest / empties it;
 * - `$retainKeys: [...]` drops every key of the live map not listed;
 * - `$deleteFromPrimitiveList/<field>: [...]` removes values from a merged scalar list;
 * - `$setElementOrder/<field>: [...]` fixes the order of a merged list.
 *
 * Errors carry kube-apiserver's codes: malformed directives 400, lists of lists 422, anything
 * else the Go code reports as a plain error 500. Inputs are never mutated.
 */
import { newBadRequest } from '@dojo/kube-api';
import { cloneJson, goJsonKind, hasKey, isJsonObject, presentEntries, setMember, type JsonObject } from './json-value.ts';
import { fieldMeta, smpStrategyOf, type PatchMeta } from './patch-meta.ts';
import { goValueString, newPatchServerError } from './patch-errors.ts';
import { errBadArgType, materializeList, mergeList, mergeWithElementOrder } from './strategic-merge-list.ts';

const directiveMarker = '$patch';
const retainKeysDirective = '$retainKeys';
const deleteFromPrimitiveListPrefix = '$deleteFromPrimitiveList';
const setElementOrderPrefix = '$setElementOrder';

/** StrategicMergeMapPatch: applies `patch` to a copy of `original` using `meta` for lists. */
export function applyStrategicMergePatch<T extends object>(original: T, patch: unknown, meta: PatchMeta | undefined): T {
  // Go's decoder leaves the patch map empty for a body of `null`: the object is patched by nothing.
  if (patch === null) return cloneJson(original);
  if (!isJsonObject(patch)) throw newBadRequest(`json: cannot unmarshal ${goJsonKind(patch)} into Go value of type map[string]interface {}`);
  return mergeMap(cloneJson(original) as JsonObject, cloneJson(patch), meta) as T;
}

/** Merges `patch` into `original`; both are private copies and are consumed. */
function mergeMap(original: JsonObject | undefined, patch: JsonObject, meta: PatchMeta | undefined): JsonObject {
  if (hasKey(patch, directiveMarker)) return mapDirective(patch, meta);
  const out = original ?? {};
  applyRetainKeys(out, patch);
  applyElementOrders(out, patch, meta);
  for (const [key, value] of presentEntries(patch)) {
    let field = key;
    const isDeleteList = key.startsWith(deleteFromPrimitiveListPrefix);
    if (isDeleteList) field = extractKey(key, deleteFromPrimitiveListPrefix);
    // Any other "$" key is no field of a built-in type; typed decoding would drop it.
    else if (key.startsWith('$')) continue;
    const childMeta = fieldMeta(meta, field);
    if (value === null) {
      delete out[field];
      continue;
    }
    const current = hasKey(out, field) ? out[field] : undefined;
    const sameShape = Array.isArray(current) === Array.isArray(value) && isJsonObject(current) === isJsonObject(value);
    if (current === undefined || !sameShape) {
      if (!isDeleteList) setMember(out, field, materialize(value, childMeta));
    } else if (isJsonObject(value)) {
      setMember(out, field, smpStrategyOf(childMeta) === 'replace' ? materialize(value, childMeta) : mergeMap(current as JsonObject, value, childMeta));
    } else if (Array.isArray(value)) {
      const merging = smpStrategyOf(childMeta) === 'merge' || isDeleteList;
      setMember(out, field, merging ? mergeList(current as unknown[], value, childMeta, mergeMap, isDeleteList) : materialize(value, childMeta));
    } else {
      setMember(out, field, value);
    }
  }
  return out;
}

/** What a patch value becomes where nothing lies under it: directives resolved, nulls dropped. */
function materialize(value: unknown, meta: PatchMeta | undefined): unknown {
  if (isJsonObject(value)) return mergeMap(undefined, value, meta);
  if (Array.isArray(value)) return materializeList(value, meta, mergeMap);
  return value;
}

function mapDirective(patch: JsonObject, meta: PatchMeta | undefined): JsonObject {
  const directive = patch[directiveMarker];
  if (directive === 'replace') {
    delete patch[directiveMarker];
    return mergeMap(undefined, patch, meta);
  }
  if (directive === 'delete') return {};
  throw newPatchServerError(`unknown patch type: ${String(directive)} in map: ${goValueString(patch)}`);
}

/** "$prefix/field" -> "field"; a directive without the slash is malformed (400). */
function extractKey(key: string, prefix: string): string {
  const slash = key.indexOf('/');
  if (slash < 0 || key.slice(0, slash) !== prefix) {
    throw newBadRequest(prefix === deleteFromPrimitiveListPrefix ? 'invalid patch format of primitive list' : 'invalid patch type of setElementOrder list');
  }
  return key.slice(slash + 1);
}

/** `$retainKeys`: the live map keeps only the listed keys, and the patch may set no others. */
function applyRetainKeys(original: JsonObject, patch: JsonObject): void {
  if (!hasKey(patch, retainKeysDirective)) return;
  const retained = patch[retainKeysDirective];
  delete patch[retainKeysDirective];
  if (!Array.isArray(retained)) throw newBadRequest('invalid patch format of retainKeys');
  for (const [key, value] of presentEntries(patch)) {
    if (value === null || key.startsWith(deleteFromPrimitiveListPrefix) || key.startsWith(setElementOrderPrefix)) continue;
    if (!retained.includes(key)) throw newBadRequest('invalid patch format of retainKeys');
  }
  for (const key of Object.keys(original)) {
    if (!retained.includes(key)) delete original[key];
  }
}

/** Resolves every `$setElementOrder/<field>` together with `<field>`'s own patch list. */
function applyElementOrders(original: JsonObject, patch: JsonObject, meta: PatchMeta | undefined): void {
  for (const [key, order] of presentEntries(patch)) {
    if (!key.startsWith(setElementOrderPrefix)) continue;
    delete patch[key];
    if (!Array.isArray(order)) throw errBadArgType('[]interface {}', order);
    const field = extractKey(key, setElementOrderPrefix);
    const originalList = listAt(original, field);
    const patchList = listAt(patch, field);
    const merged = mergeWithElementOrder(originalList, patchList, order, fieldMeta(meta, field), mergeMap);
    if (merged === undefined) continue;
    setMember(original, field, merged);
    delete patch[field];
  }
}

function listAt(obj: JsonObject, field: string): unknown[] | undefined {
  if (!Object.hasOwn(obj, field) || obj[field] === undefined) return undefined;
  const value = obj[field];
  if (!Array.isArray(value)) throw errBadArgType('[]interface {}', value);
  return value;
}

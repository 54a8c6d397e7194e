/**
 * RFC 7386 JSON Merge Patch (`application/merge-patch+json`): objects merge key by key, `null`
 * deletes a key, anything else (arrays included) replaces the target wholesale. Also the inverse,
 * `createMergePatch`, which the UI uses to send minimal edits.
 */
import { newBadRequest } from '@dojo/kube-api';
import { cloneJson, getMember, hasKey, isJsonObject, jsonEqual, presentEntries, setMember, type JsonObject } from './json-value.ts';

/** MergePatch(target, patch) from RFC 7386 §2. Inputs are not mutated. */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isJsonObject(patch)) return cloneJson(patch);
  const out: JsonObject = isJsonObject(target) ? cloneJson(target) : {};
  for (const [key, value] of presentEntries(patch)) {
    if (value === null) delete out[key];
    else setMember(out, key, applyMergePatch(getMember(out, key), value));
  }
  return out;
}

/**
 * A merge patch that turns `original` into `modified`. Exact whenever `modified` holds no null
 * object members, which merge patch cannot express (null means "delete").
 */
export function createMergePatch(original: unknown, modified: unknown): unknown {
  if (!isJsonObject(original) || !isJsonObject(modified)) return cloneJson(modified);
  const patch: JsonObject = {};
  for (const [key] of presentEntries(original)) {
    if (!hasKey(modified, key)) setMember(patch, key, null);
  }
  for (const [key, value] of presentEntries(modified)) {
    if (!hasKey(original, key)) setMember(patch, key, cloneJson(value));
    else if (!jsonEqual(original[key], value)) setMember(patch, key, createMergePatch(original[key], value));
  }
  return patch;
}

/**
 * The merge patch of a PATCH request against a stored object. kube-apiserver (evanphx
 * json-patch) answers 400 "Invalid JSON Patch" when the body is not an object.
 */
export function mergePatchObject<T extends object>(original: T, patch: unknown): T {
  if (!isJsonObject(patch)) throw newBadRequest('Invalid JSON Patch');
  return applyMergePatch(original, patch) as T;
}

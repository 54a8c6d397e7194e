/**
 * A person's edit carried onto a newer version of the object: what `git merge` does for text,
 * for one JSON document. `base` is the version the edit started from, `mine` the edit,
 * `theirs` the latest version on the server.
 *
 * - A field only one side changed takes that side's value (an absent field is a value too, so a
 *   removal is a change).
 * - Objects merge field by field. Lists are one value each: Kubernetes merges most lists by key
 *   and the form edits them whole, so a list both sides changed differently is a conflict.
 * - A field both sides changed to different values is a conflict: the merge keeps the person's
 *   value and names the field, so they see what they are about to overwrite.
 * - A value the server hides (a Secret's, which reads `<redacted>` on both sides) may have
 *   changed behind its placeholder: once the object moved on, the person's change to it is a
 *   conflict, so a save never silently overwrites a value nobody could see change.
 */
import type { RedactedSecretValue } from '@dojo/console-protocol';
import { jsonEqual } from '@dojo/kube-api';
import type { Json, JsonObject } from './form-values.ts';

export interface MergeResult {
  merged: JsonObject;
  /** Field paths both sides changed differently, as Kubernetes writes them (`spec.title`, `metadata.labels[app]`). */
  conflicts: string[];
}

type Value = Json | undefined;

const redacted: RedactedSecretValue = '<redacted>';

/** Whether `value` holds a value the server hides: equal placeholders say nothing of equal values. */
function hidesValues(value: Value): boolean {
  if (value === redacted) return true;
  if (Array.isArray(value)) return value.some(hidesValues);
  return isObject(value) && Object.values(value).some(hidesValues);
}

function isObject(value: Value): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `spec.title`; a key that is not a plain identifier goes in brackets, as in field errors. */
export function childPath(parent: string, key: string): string {
  if (/^[A-Za-z_$][\w$-]*$/.test(key)) return parent ? `${parent}.${key}` : key;
  return `${parent}[${key}]`;
}

function mergeValue(base: Value, mine: Value, theirs: Value, path: string, conflicts: string[]): Value {
  if (jsonEqual(mine, base)) return theirs;
  if ((jsonEqual(theirs, base) && !hidesValues(base)) || jsonEqual(mine, theirs)) return mine;
  if (isObject(mine) && isObject(theirs)) {
    const from = isObject(base) ? base : {};
    const out: JsonObject = {};
    for (const key of new Set([...Object.keys(theirs), ...Object.keys(mine)])) {
      const value = mergeValue(from[key], mine[key], theirs[key], childPath(path, key), conflicts);
      if (value !== undefined) out[key] = value;
    }
    return out;
  }
  conflicts.push(path || '(the whole object)');
  return mine;
}

export function threeWayMerge(base: JsonObject, mine: JsonObject, theirs: JsonObject): MergeResult {
  const conflicts: string[] = [];
  const merged = mergeValue(base, mine, theirs, '', conflicts);
  return { merged: isObject(merged) ? merged : mine, conflicts };
}

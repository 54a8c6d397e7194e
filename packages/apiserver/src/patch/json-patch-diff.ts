/**
 * The RFC 6902 JSON Patch that turns one JSON document into another: what a mutating admission
 * policy changed, shown in the console as a webhook's patch is (kube never computes one; a policy
 * answers the mutated object, so the console derives the operations from before and after).
 *
 * Objects are compared key by key; an array keeps its common prefix of equal length and is
 * compared item by item, then grows with `add` at its end or shrinks with `remove` from its end
 * (highest index first, so each path is valid when applied in order). Not minimal — an item
 * inserted at the front reads as replacements — but always correct: applying the result to
 * `before` gives `after`.
 */
import type { AdmissionPatchOperation } from '@dojo/console-protocol';
import { isJsonObject, jsonEqual, presentEntries, hasKey } from './json-value.ts';

/** RFC 6901: `~` is `~0` and `/` is `~1` in a reference token. */
function pointerToken(key: string | number): string {
  return String(key).replaceAll('~', '~0').replaceAll('/', '~1');
}

function diffInto(before: unknown, after: unknown, path: string, out: AdmissionPatchOperation[]): void {
  if (jsonEqual(before, after)) return;
  if (isJsonObject(before) && isJsonObject(after)) {
    for (const [key, value] of presentEntries(before)) {
      const at = `${path}/${pointerToken(key)}`;
      if (!hasKey(after, key) || after[key] === undefined) out.push({ op: 'remove', path: at });
      else diffInto(value, after[key], at, out);
    }
    for (const [key, value] of presentEntries(after)) {
      if (!hasKey(before, key) || before[key] === undefined) out.push({ op: 'add', path: `${path}/${pointerToken(key)}`, value });
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const common = Math.min(before.length, after.length);
    for (let i = 0; i < common; i++) diffInto(before[i], after[i], `${path}/${i}`, out);
    for (let i = common; i < after.length; i++) out.push({ op: 'add', path: `${path}/${i}`, value: after[i] });
    for (let i = before.length - 1; i >= common; i--) out.push({ op: 'remove', path: `${path}/${i}` });
    return;
  }
  out.push({ op: 'replace', path, value: after });
}

/** The operations that turn `before` into `after`; empty when they are equal. */
export function createJsonPatch(before: unknown, after: unknown): AdmissionPatchOperation[] {
  const out: AdmissionPatchOperation[] = [];
  diffInto(before, after, '', out);
  return out;
}

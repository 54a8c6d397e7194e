/**
 * What the person changed in a Secret's form, as a JSON merge patch. The console never shows a
 * Secret's values (each reads `<redacted>`), so the form must not send them back: only the keys
 * the person changed, added or removed go out, and the server keeps every other value. The patch
 * carries the resourceVersion of the version the draft stands on (use-rebasing-draft), so a
 * change made meanwhile that the draft did not take in is still a 409.
 */
import { jsonEqual, type GroupVersionResource } from '@dojo/kube-api';
import type { Json, JsonObject } from './form-values.ts';

const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Secrets are core/v1 `secrets`, whatever version the page was opened at. */
export function isSecretResource(gvr: GroupVersionResource): boolean {
  return gvr.group === '' && gvr.resource === 'secrets';
}

/** RFC 7386: the merge patch that turns `from` into `to` (null removes a key). */
function mergePatch(from: Json | undefined, to: Json): Json {
  if (!isObject(from) || !isObject(to)) return to;
  const patch: JsonObject = {};
  for (const key of Object.keys(from)) if (!(key in to)) patch[key] = null;
  for (const [key, value] of Object.entries(to)) {
    if (!(key in from)) patch[key] = value;
    else if (!jsonEqual(from[key], value)) patch[key] = mergePatch(from[key], value);
  }
  return patch;
}

export function secretChanges(initial: JsonObject, draft: JsonObject): JsonObject {
  const patch = mergePatch(initial, draft) as JsonObject;
  const resourceVersion = isObject(initial.metadata) ? initial.metadata.resourceVersion : undefined;
  if (typeof resourceVersion === 'string') patch.metadata = { ...(isObject(patch.metadata) ? patch.metadata : {}), resourceVersion };
  return patch;
}

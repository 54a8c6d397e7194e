/**
 * The empty object a create is compared against. kube-apiserver compares against a new typed
 * Go object, whose non-pointer structs and non-omitempty lists serialize even when empty; so
 * creating a Deployment never reports `.spec` as newly added, but does report `.metadata.labels`.
 */
import { isJsonObject, presentEntries, setMember, type JsonObject } from './json-value.ts';
import { fieldMeta, type PatchMeta } from './patch-meta.ts';

export function emptyObjectLike(obj: JsonObject, meta: PatchMeta | undefined): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of presentEntries(obj)) {
    const child = fieldMeta(meta, key);
    if (!child?.alwaysSerialized) continue;
    if (isJsonObject(value)) setMember(out, key, emptyObjectLike(value, child));
    else if (Array.isArray(value)) setMember(out, key, null);
  }
  return out;
}

/**
 * `patchType: JSONPatch` (mutating/patch/json_patch.go): the expression yields a list of
 * `JSONPatch{op, path, from, value}` applied as an RFC 6902 patch (../../patch/json-patch.ts).
 * A failing `test` operation leaves the object as it was (kube's way to make a mutation
 * conditional); any other failure is "JSON Patch: …".
 */
import type { KubeObject } from '@dojo/kube-api';
import { applyJsonPatch } from '../../patch/json-patch.ts';
import { typeNameOf } from './message-construction.ts';
import { jsonValueOf } from './policy-cel.ts';
import { typeNameMismatches } from './typed-object-check.ts';

function operationsOf(result: unknown): Record<string, unknown>[] | { error: string } {
  if (!Array.isArray(result)) return { error: 'type mismatch: JSONPatchType.expression should evaluate to array' };
  const operations: Record<string, unknown>[] = [];
  for (const item of result as unknown[]) {
    if (typeNameOf(item) !== 'JSONPatch') {
      return {
        error: `type mismatch: JSONPatchType.expression should evaluate to array of JSONPatch: type conversion error from '${typeNameOf(item) ?? 'map'}' to 'JSONPatch'`,
      };
    }
    const patch = item as { op?: unknown; path?: unknown; from?: unknown; value?: unknown };
    const operation: Record<string, unknown> = { op: patch.op ?? '', path: patch.path ?? '' };
    if (typeof patch.from === 'string' && patch.from.length > 0) operation.from = patch.from;
    if (patch.value !== undefined) {
      const rootType = typeNameOf(patch.value);
      const mismatches = rootType === undefined ? [] : typeNameMismatches(patch.value, [rootType]);
      if (mismatches.length > 0) return { error: `type mismatch: ${mismatches.join('\n')}` };
      operation.value = jsonValueOf(patch.value);
    }
    operations.push(operation);
  }
  return operations;
}

export function applyJsonPatchMutation(object: KubeObject, result: unknown): { object: KubeObject } | { error: string } {
  const operations = operationsOf(result);
  if (!Array.isArray(operations)) return operations;
  try {
    const patched: unknown = applyJsonPatch(object, operations);
    // kube fails to decode such a document back into the kind; the wording here is ours.
    if (patched === null || typeof patched !== 'object' || Array.isArray(patched)) return { error: 'JSON Patch: the patched document is not an object' };
    return { object: patched as KubeObject };
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    const text = typeof cause === 'string' ? cause : (error as Error).message;
    if (/test failed$/.test(text)) return { object };
    return { error: `JSON Patch: ${text}` };
  }
}

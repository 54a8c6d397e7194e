/**
 * `patchType: ApplyConfiguration` (mutating/patch/smd.go): the expression yields an
 * `Object{…}` that is merged into the object as server-side apply merges a configuration
 * (../../patch/apply-merge.ts, with the kind's list keys: containers merge by name), without
 * taking field ownership. Atomic lists, maps and structs may not be set this way ("error applying
 * patch: invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: .spec.x"),
 * which includes atomic lists of scalars such as a container's `args`.
 */
import type { KubeObject } from '@dojo/kube-api';
import { mergeApplied } from '../../patch/apply-merge.ts';
import { fieldMeta, itemMeta, listTypeOf, type PatchMeta } from '../../patch/patch-meta.ts';
import { typeNameOf } from './message-construction.ts';
import { jsonValueOf } from './policy-cel.ts';
import { typeNameMismatches } from './typed-object-check.ts';

/** SMD PathElement strings: `.field` and `[index]`. */
function atomicPaths(value: unknown, meta: PatchMeta | undefined, path: string): string[] {
  if (meta === undefined || value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) {
    const atomic = listTypeOf(meta).kind === 'atomic' ? [path] : [];
    return [...atomic, ...value.flatMap((item, i) => atomicPaths(item, itemMeta(meta), `${path}[${i}]`))];
  }
  const atomic = meta.atomic ? [path] : [];
  return [...atomic, ...Object.entries(value).flatMap(([key, field]) => atomicPaths(field, fieldMeta(meta, key), `${path}.${key}`))];
}

/** The object after the apply configuration, or the error kube reports for it. */
export function applyConfiguration(object: KubeObject, result: unknown, meta: PatchMeta | undefined): { object: KubeObject } | { error: string } {
  if (typeNameOf(result) !== 'Object') {
    return { error: `unsupported return type from ApplyConfiguration expression: ${typeNameOf(result) ?? describe(result)}` };
  }
  const mismatches = typeNameMismatches(result, ['Object']);
  if (mismatches.length > 0) return { error: `type mismatch: ${mismatches.join('\n')}` };
  const configuration = { ...(jsonValueOf(result) as Record<string, unknown>), apiVersion: object.apiVersion, kind: object.kind };
  const atomics = atomicPaths(configuration, meta, '');
  if (atomics.length > 0)
    return { error: `error applying patch: invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: ${atomics.join(', ')}` };
  return { object: mergeApplied(object, configuration, meta) as KubeObject };
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return 'double';
  if (typeof value === 'boolean') return 'bool';
  return value === null ? 'null_type' : typeof value === 'object' ? 'map' : typeof value;
}

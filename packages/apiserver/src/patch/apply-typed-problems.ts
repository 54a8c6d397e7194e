/**
 * typedPatchProblems: what SMD's conversion of a configuration to a typed value refuses: an
 * associative-list item without its keys, a set item that is not a scalar, two items with the
 * same key, and a field a custom resource's structural schema does not declare. An apply
 * configuration with any is kube's 500 "failed to create typed patch object"; a
 * last-applied annotation with any claims no fields.
 */
import { fieldPathString, serializePathElement, type FieldPath } from './field-path.ts';
import { presentEntries, type JsonObject } from './json-value.ts';
import { fieldMeta, itemMeta, listTypeOf, type PatchMeta } from './patch-meta.ts';
import { listItemElement, missingListKey, shapeOf } from './typed-value.ts';

/** Every associative-list item must carry its keys, keys must be unique, and every field be declared. */
export function typedPatchProblems(value: unknown, meta: PatchMeta | undefined, path: FieldPath): string[] {
  const shape = shapeOf(value, meta);
  if (shape === 'map') {
    return presentEntries(value as JsonObject).flatMap(([key, child]) => {
      const childPath = [...path, { kind: 'field', name: key } as const];
      if (meta?.declaredOnly && !Object.hasOwn(meta.fields ?? {}, key)) return [`${fieldPathString(childPath)}: field not declared in schema`];
      return typedPatchProblems(child, fieldMeta(meta, key), childPath);
    });
  }
  if (shape !== 'list') return [];
  const list = listTypeOf(meta);
  const seen = new Set<string>();
  return (value as unknown[]).flatMap((item, index) => {
    const element = listItemElement(list, item, index);
    if (!element) {
      const missing = missingListKey(list, item);
      const detail = missing
        ? `associative list with keys has an element that omits key field ${JSON.stringify(missing)} (and doesn't have default value)`
        : 'set items must be scalars';
      return [`${fieldPathString(path)}: element ${index}: ${detail}`];
    }
    const key = serializePathElement(element);
    if (seen.has(key)) return [`${fieldPathString(path)}: duplicate entries for key ${fieldPathString([element])}`];
    seen.add(key);
    return typedPatchProblems(item, itemMeta(meta), [...path, element]);
  });
}

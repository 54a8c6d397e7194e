/**
 * listKeyProblems: what SMD's typed conversion refuses in an associative list: an item without
 * its keys, a set item that is not a scalar, two items with the same key. An apply
 * configuration with any is a 400; a last-applied annotation with any claims no fields.
 */
import { fieldPathString, serializePathElement, type FieldPath } from './field-path.ts';
import { presentEntries, type JsonObject } from './json-value.ts';
import { fieldMeta, itemMeta, listTypeOf, type PatchMeta } from './patch-meta.ts';
import { listItemElement, missingListKey, shapeOf } from './typed-value.ts';

/** Every associative-list item of a configuration must carry its keys, and keys must be unique. */
export function listKeyProblems(value: unknown, meta: PatchMeta | undefined, path: FieldPath): string[] {
  const shape = shapeOf(value, meta);
  if (shape === 'map') {
    return presentEntries(value as JsonObject).flatMap(([key, child]) =>
      listKeyProblems(child, fieldMeta(meta, key), [...path, { kind: 'field', name: key }]),
    );
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
    return listKeyProblems(item, itemMeta(meta), [...path, element]);
  });
}

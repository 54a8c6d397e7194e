/**
 * createdFieldsV1: the FieldsV1 a create gives its manager, in one walk of the new object.
 *
 * The general path (update-managed-fields.ts) compares the object with the empty object a create
 * starts from, collects FieldSets, strips the system fields and encodes the result: some ten
 * passes and as many tries per create. When the empty object really is empty (no field of the
 * object is one Go always serializes) every present field is simply "added", so the encoding can
 * be written straight from the object, with the same members, the same `".": {}` marks and the
 * same key order: compareFields' rules, restated for a left side that is absent. (created-fields
 * .test.ts holds the two to each other over generated objects.)
 */
import { comparePathElements, fieldElement, type PathElement } from './field-path.ts';
import { namedItems } from './field-set-of.ts';
import { isJsonObject, type JsonObject } from './json-value.ts';
import { fieldMeta, itemMeta, type PatchMeta } from './patch-meta.ts';
import { shapeOf } from './typed-value.ts';

/** stripSystemFields' members: never owned, though what lies below them (metadata.labels) is. */
const systemMetadataFields = new Set([
  'name',
  'namespace',
  'creationTimestamp',
  'selfLink',
  'uid',
  'clusterName',
  'generation',
  'managedFields',
  'resourceVersion',
]);

interface Entry {
  readonly element: PathElement;
  readonly key: string;
  readonly node: JsonObject;
}

/**
 * The FieldsV1 of everything `obj` sets, as the first Update entry of a create records it; `{}`
 * when it owns nothing. Undefined when this shortcut does not apply (a top-level field Go always
 * serializes, or an atomic root): the caller then takes the general path.
 */
export function createdFieldsV1(obj: JsonObject, meta: PatchMeta | undefined): JsonObject | undefined {
  if (meta?.atomic) return undefined;
  const entries: Entry[] = [];
  for (const key of Object.keys(obj)) {
    const value = obj[key];
    if (value === undefined) continue;
    const childMeta = fieldMeta(meta, key);
    // The general path compares against emptyObjectLike, which keeps such a field (as {} or null).
    // Only metadata's is all the same here: metadata is never owned itself, its fields are added
    // either way (unless one of them is always serialized too).
    if (childMeta?.alwaysSerialized && (isJsonObject(value) || Array.isArray(value))) {
      if (!(key === 'metadata' && isJsonObject(value) && !hasAlwaysSerializedField(value, childMeta))) return undefined;
    }
    let node: JsonObject | undefined;
    if (key === 'metadata' && isJsonObject(value)) node = metadataNode(value, childMeta);
    else {
      node = addedNode(value, childMeta);
      if (key === 'apiVersion' || key === 'kind' || key === 'metadata') node = withoutMember(node);
    }
    if (node) entries.push({ element: fieldElement(key), key: `f:${key}`, node });
  }
  return encode(entries, false);
}

function hasAlwaysSerializedField(map: JsonObject, meta: PatchMeta | undefined): boolean {
  for (const key of Object.keys(map)) {
    const value = map[key];
    if ((isJsonObject(value) || Array.isArray(value)) && fieldMeta(meta, key)?.alwaysSerialized) return true;
  }
  return false;
}

/** metadata without managedFields (ownership is never owned), itself and its system fields not members. */
function metadataNode(metadata: JsonObject, meta: PatchMeta | undefined): JsonObject | undefined {
  const entries: Entry[] = [];
  for (const key of Object.keys(metadata)) {
    const value = metadata[key];
    if (value === undefined || key === 'managedFields') continue;
    let node: JsonObject | undefined = addedNode(value, fieldMeta(meta, key));
    if (systemMetadataFields.has(key)) node = withoutMember(node);
    if (node) entries.push({ element: fieldElement(key), key: `f:${key}`, node });
  }
  return entries.length === 0 ? undefined : encode(entries, false);
}

/** A node with its own membership taken away: gone when nothing lies below it. */
function withoutMember(node: JsonObject): JsonObject | undefined {
  if (!Object.hasOwn(node, '.')) return Object.keys(node).length === 0 ? undefined : node;
  delete node['.'];
  return node;
}

/** The node of a path that the create added: a member, with what it adds below (compareFields with nothing on the left). */
function addedNode(value: unknown, meta: PatchMeta | undefined): JsonObject {
  const shape = value === null ? 'leaf' : shapeOf(value, meta);
  if (shape === 'map') {
    const map = value as JsonObject;
    const entries: Entry[] = [];
    for (const key of Object.keys(map)) {
      const child = map[key];
      if (child !== undefined) entries.push({ element: fieldElement(key), key: `f:${key}`, node: addedNode(child, fieldMeta(meta, key)) });
    }
    return entries.length === 0 ? {} : encode(entries, true);
  }
  if (shape === 'list') {
    const items = value as unknown[];
    if (items.length === 0) return {};
    // Items with the same name are one path; the first one's fields are the ones compared.
    const seen = new Map<string, Entry>();
    for (const { element, key, item } of namedItems(items, meta)) {
      if (!seen.has(key)) seen.set(key, { element, key, node: addedNode(item, itemMeta(meta)) });
    }
    return encode([...seen.values()], true);
  }
  return {};
}

/** FieldsV1's level: `".": {}` first for a member with children, then the elements in SMD's order. */
function encode(entries: Entry[], member: boolean): JsonObject {
  if (entries.length > 1) entries.sort((a, b) => comparePathElements(a.element, b.element));
  const out: JsonObject = {};
  if (member) out['.'] = {};
  for (const { key, node } of entries) out[key] = node;
  return out;
}

/**
 * The FieldsV1 encoding of a FieldSet inside managedFields entries:
 * `{"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:replicas":{}}}`. A key maps to
 * `{}` when the path is a member with nothing below it; `".": {}` marks a node that is a member
 * and also has children. Keys come out in SMD's order, so equal sets encode identically.
 */
import { FieldSet } from './field-set.ts';
import { parsePathElement, serializePathElement, type FieldPath } from './field-path.ts';
import { isJsonObject, type JsonObject } from './json-value.ts';

export function toFieldsV1(set: FieldSet): JsonObject {
  return encodeLevel(set, false);
}

function encodeLevel(set: FieldSet, member: boolean): JsonObject {
  const out: JsonObject = {};
  if (member) out['.'] = {};
  for (const entry of set.entries()) out[entry.key] = entry.children ? encodeLevel(entry.children, entry.member) : {};
  return out;
}

/** Decodes FieldsV1; throws an Error naming the problem when the value is malformed. */
export function fromFieldsV1(fields: unknown): FieldSet {
  if (fields === undefined || fields === null) return new FieldSet();
  return decodeLevel(fields, []).set;
}

// Bottom-up, one node at a time: each level's set is built once and attached to its parent,
// instead of inserting every path from the root.
function decodeLevel(value: unknown, prefix: FieldPath): { set: FieldSet; member: boolean } {
  if (!isJsonObject(value)) throw new Error(`expected an object at ${JSON.stringify(prefix.map(serializePathElement))}`);
  const set = new FieldSet();
  let member = false;
  for (const key of Object.keys(value)) {
    const child = value[key];
    if (key === '.') {
      member = true;
      continue;
    }
    const element = parsePathElement(key);
    // A field key reads back as itself; other kinds are re-serialized to their canonical text.
    const canonicalKey = element.kind === 'field' ? key : serializePathElement(element);
    if (isJsonObject(child) && isEmptyObject(child)) {
      set.addMember(element, canonicalKey);
      continue;
    }
    const below = decodeLevel(child, [...prefix, element]);
    if (below.member) set.addMember(element, canonicalKey);
    set.addChild(element, below.set, canonicalKey);
  }
  return { set, member };
}

function isEmptyObject(value: JsonObject): boolean {
  for (const _ in value) return false;
  return true;
}

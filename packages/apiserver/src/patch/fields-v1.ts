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
  for (const entry of set.entries()) {
    out[serializePathElement(entry.element)] = entry.children ? encodeLevel(entry.children, entry.member) : {};
  }
  return out;
}

/** Decodes FieldsV1; throws an Error naming the problem when the value is malformed. */
export function fromFieldsV1(fields: unknown): FieldSet {
  const set = new FieldSet();
  if (fields === undefined || fields === null) return set;
  decodeLevel(fields, [], set);
  return set;
}

function decodeLevel(value: unknown, prefix: FieldPath, set: FieldSet): void {
  if (!isJsonObject(value)) throw new Error(`expected an object at ${JSON.stringify(prefix.map(serializePathElement))}`);
  for (const [key, child] of Object.entries(value)) {
    if (key === '.') {
      set.insert(prefix);
      continue;
    }
    const path = [...prefix, parsePathElement(key)];
    if (isJsonObject(child) && Object.keys(child).length === 0) set.insert(path);
    else decodeLevel(child, path, set);
  }
}

/**
 * The value a generated form edits: the whole object, as JSON. Updates are immutable; clearing a
 * field removes it (and any object left empty), so the server's defaults apply to fields the
 * person did not set, exactly as with `kubectl apply` of a minimal manifest.
 */
import type { KubeObject, Status } from '@dojo/kube-api';
import { admissionRefusalMessage } from './admission-refusal.ts';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function getAt(root: unknown, path: readonly string[]): unknown {
  let current: unknown = root;
  for (const segment of path) {
    if (!isObject(current)) return undefined;
    current = current[segment];
  }
  return current;
}

/** Sets `path` to `value`; `undefined` removes it and prunes parents it leaves empty. */
export function setAt(root: JsonObject, path: readonly string[], value: Json | undefined): JsonObject {
  const [head, ...rest] = path;
  if (head === undefined) return root;
  const next: JsonObject = { ...root };
  if (rest.length === 0) {
    if (value === undefined) delete next[head];
    else next[head] = value;
    return next;
  }
  const child = isObject(root[head]) ? (root[head] as JsonObject) : {};
  const updated = setAt(child, rest, value);
  if (Object.keys(updated).length === 0) delete next[head];
  else next[head] = updated;
  return next;
}

/** What an edit form edits of a stored object: everything but `status` and `managedFields`, as plain JSON. */
export function editableObject(object: KubeObject): JsonObject {
  const { managedFields: _managed, ...metadata } = object.metadata;
  const { status: _status, ...rest } = object;
  return JSON.parse(JSON.stringify({ ...rest, metadata })) as JsonObject;
}

/** The top-level fields of `root` outside `described`: what a root YAML field edits. */
export function restOf(root: JsonObject, described: ReadonlySet<string>): JsonObject {
  return Object.fromEntries(Object.entries(root).filter(([name]) => !described.has(name)));
}

/** `root` with its undescribed top-level fields replaced by `rest`. */
export function withRest(root: JsonObject, rest: JsonObject, described: ReadonlySet<string>): JsonObject {
  return { ...Object.fromEntries(Object.entries(root).filter(([name]) => described.has(name))), ...restOf(rest, described) };
}

/** One item per line: the text editor for lists of scalars. */
export function parseListLines(text: string, itemKind: 'string' | 'integer' | 'number'): { value: Json[]; error?: string } {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (itemKind === 'string') return { value: lines };
  const value: number[] = [];
  for (const [n, line] of lines.entries()) {
    const number = Number(line);
    if (!Number.isFinite(number) || (itemKind === 'integer' && !Number.isInteger(number))) {
      return { value, error: `line ${n + 1}: "${line}" is not ${itemKind === 'integer' ? 'an integer' : 'a number'}` };
    }
    value.push(number);
  }
  return { value };
}

export interface PlacedErrors {
  /** Messages per field id ("spec.replicas"). */
  byField: Map<string, string[]>;
  /** Messages that belong to no field of the form. */
  unplaced: string[];
  /**
   * The message of an admission webhook's or policy's refusal whose causes went under their
   * fields: the one text naming who refused, shown with the unplaced ones but not one more problem.
   */
  admissionRefusal?: string;
}

/** Normalizes a cause's field path: "spec.items[0].name" -> "spec.items.0.name". */
function normalizeFieldPath(field: string): string {
  // CEL and structural-schema errors write paths with a leading dot (".spec.replicas").
  return field
    .replace(/^\./, '')
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/\[["']?([^\]"']+)["']?\]/g, '.$1');
}

/** `Invalid value: -1: ` in apimachinery's field.Invalid message: the value, then the detail. */
const invalidValuePrefix = /^(Invalid value: .*?: )(.+)$/s;

/**
 * Adds a message to a field's list once: the same field and message (the schema and a CEL rule
 * may both name `spec.replicas`) are one problem, and two details about the same rejected value
 * ("Invalid value: -1: …") are written as one line, the value once.
 */
function withFieldMessage(list: readonly string[], message: string): string[] {
  if (list.includes(message)) return [...list];
  const invalid = invalidValuePrefix.exec(message);
  const sameValue = invalid ? list.findIndex((existing) => existing.startsWith(invalid[1]!)) : -1;
  if (invalid && sameValue >= 0) {
    const existing = list[sameValue]!;
    if (existing.slice(invalid[1]!.length).split('; ').includes(invalid[2]!)) return [...list];
    return list.map((entry, i) => (i === sameValue ? `${existing}; ${invalid[2]}` : entry));
  }
  return [...list, message];
}

/**
 * Places a Status's `details.causes` on the form's fields: each cause goes to the deepest field
 * whose id is its field path or a prefix of it (an error inside a YAML-edited list lands on the
 * list). Causes without a field, or outside the form, stay unplaced, as does the message of a
 * Status without causes; an admission webhook's or policy's refusal keeps its message apart (the
 * one text that names who refused) while its causes go under their fields.
 */
export function placeStatusCauses(status: Status | undefined, fieldIds: readonly string[]): PlacedErrors {
  const byField = new Map<string, string[]>();
  const unplaced: string[] = [];
  if (!status) return { byField, unplaced };
  const causes = status.details?.causes ?? [];
  if (causes.length === 0) {
    if (status.message) unplaced.push(status.message);
    return { byField, unplaced };
  }
  const ids = [...fieldIds].sort((a, b) => b.length - a.length);
  for (const cause of causes) {
    const message = cause.message ?? cause.reason ?? 'invalid';
    if (!cause.field) {
      unplaced.push(message);
      continue;
    }
    const path = normalizeFieldPath(cause.field);
    const id = ids.find((candidate) => path === candidate || path.startsWith(`${candidate}.`));
    if (!id) {
      unplaced.push(`${cause.field}: ${message}`);
      continue;
    }
    byField.set(id, withFieldMessage(byField.get(id) ?? [], message));
  }
  // Admission's refusal names the webhook or policy only in the message: keep it beside its causes,
  // without the field-less cause that only repeats it (a policy's denial is its one cause).
  const admissionRefusal = admissionRefusalMessage(status);
  if (!admissionRefusal) return { byField, unplaced };
  const others = unplaced.filter((message) => !admissionRefusal.includes(message));
  // With nothing placed under a field, the refusal is the problem itself.
  return byField.size ? { byField, unplaced: others, admissionRefusal } : { byField, unplaced: [admissionRefusal, ...others] };
}

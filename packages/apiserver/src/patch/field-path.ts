/**
 * Field paths as sigs.k8s.io/structured-merge-diff names them. A path element selects a struct
 * field, an associative-list item by its key fields, a set item by its value, or (for atomic
 * lists only) an item by index. Two spellings exist and both are on the wire:
 *
 * - FieldsV1 keys in managedFields: `f:spec`, `k:{"name":"web"}`, `v:"finalizer"`, `i:0`;
 * - human-readable text in conflict errors: `.spec.containers[name="web"].image`.
 */
import { canonicalJson, isJsonObject } from './json-value.ts';

export type PathElement =
  | { readonly kind: 'field'; readonly name: string }
  /** Key fields sorted by name, as SMD's KeyByFields keeps them. */
  | { readonly kind: 'key'; readonly fields: readonly (readonly [string, unknown])[] }
  | { readonly kind: 'value'; readonly value: unknown }
  | { readonly kind: 'index'; readonly index: number };

export type FieldPath = readonly PathElement[];

export const fieldElement = (name: string): PathElement => ({ kind: 'field', name });

/** JSON as Go's encoder writes it inside FieldsV1 keys (HTML-safe escaping, sorted maps). */
function goJson(value: unknown): string {
  return canonicalJson(value).replace(/[<>&]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
}

/** The FieldsV1 key of an element: `f:`, `k:`, `v:` or `i:` followed by its JSON. */
export function serializePathElement(pe: PathElement): string {
  switch (pe.kind) {
    case 'field':
      return `f:${pe.name}`;
    case 'key':
      return `k:{${pe.fields.map(([name, v]) => `${goJson(name)}:${goJson(v)}`).join(',')}}`;
    case 'value':
      return `v:${goJson(pe.value)}`;
    case 'index':
      return `i:${pe.index}`;
  }
}

/** Parses a FieldsV1 key; throws on anything SMD would reject. */
export function parsePathElement(text: string): PathElement {
  const prefix = text.slice(0, 2);
  const body = text.slice(2);
  switch (prefix) {
    case 'f:':
      return { kind: 'field', name: body };
    case 'v:':
      return { kind: 'value', value: JSON.parse(body) as unknown };
    case 'i:': {
      if (!/^\d+$/.test(body)) throw new Error(`invalid index in path element: ${text}`);
      return { kind: 'index', index: Number(body) };
    }
    case 'k:': {
      const key = JSON.parse(body) as unknown;
      if (!isJsonObject(key) || Object.keys(key).length === 0) throw new Error(`invalid key in path element: ${text}`);
      const fields = Object.entries(key).sort(([a], [b]) => compareStrings(a, b));
      return { kind: 'key', fields };
    }
    default:
      throw new Error(`unknown path element type: ${JSON.stringify(text)}`);
  }
}

/** value.ToString: strings quoted, numbers and booleans bare. */
function valueText(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : value === null ? 'null' : typeof value === 'object' ? canonicalJson(value) : String(value);
}

export function pathElementString(pe: PathElement): string {
  switch (pe.kind) {
    case 'field':
      return `.${pe.name}`;
    case 'key':
      return `[${pe.fields.map(([name, v]) => `${name}=${valueText(v)}`).join(',')}]`;
    case 'value':
      return `[=${valueText(pe.value)}]`;
    case 'index':
      return `[${pe.index}]`;
  }
}

/** `.spec.template.spec.containers[name="web"].image` */
export function fieldPathString(path: FieldPath): string {
  return path.map(pathElementString).join('');
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const valueRank = (v: unknown): number =>
  typeof v === 'number' ? 0 : typeof v === 'string' ? 1 : typeof v === 'boolean' ? 2 : Array.isArray(v) ? 3 : isJsonObject(v) ? 4 : 5;

/** value.Compare: numbers < strings < booleans < lists < maps < null, then by content. */
function compareValues(a: unknown, b: unknown): number {
  const rank = valueRank(a) - valueRank(b);
  if (rank !== 0) return Math.sign(rank);
  if (typeof a === 'number' && typeof b === 'number') return Math.sign(a - b);
  if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return compareStrings(canonicalJson(a), canonicalJson(b));
}

const elementRank = { field: 0, key: 1, value: 2, index: 3 } as const;

/** PathElement.Compare: fields < keys < values < indices, then by content. */
export function comparePathElements(a: PathElement, b: PathElement): number {
  if (a.kind !== b.kind) return Math.sign(elementRank[a.kind] - elementRank[b.kind]);
  switch (a.kind) {
    case 'field':
      return compareStrings(a.name, (b as typeof a).name);
    case 'value':
      return compareValues(a.value, (b as typeof a).value);
    case 'index':
      return Math.sign(a.index - (b as typeof a).index);
    case 'key': {
      const other = (b as typeof a).fields;
      for (let i = 0; i < Math.min(a.fields.length, other.length); i++) {
        const [name, value] = a.fields[i]!;
        const [otherName, otherValue] = other[i]!;
        const byName = compareStrings(name, otherName);
        if (byName !== 0) return byName;
        const byValue = compareValues(value, otherValue);
        if (byValue !== 0) return byValue;
      }
      return Math.sign(a.fields.length - other.length);
    }
  }
}

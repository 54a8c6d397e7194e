/**
 * Equality of JSON values as an API object's reader means it, never by reference or key order:
 * the server may reorder keys, and TypeScript builds objects with `undefined` members that JSON
 * never carries.
 *
 * - `jsonEqual`: the same JSON document (an `undefined` member counts as absent).
 * - `semanticEqual`: apimachinery's `equality.Semantic.DeepEqual` for what a controller
 *   compares before it writes: an absent field also equals an empty map, an empty list or
 *   null, because Go cannot tell them apart after a round trip through the API server.
 */

/** The same JSON document: object key order does not matter, array order does. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  const left = Object.entries(a).filter(([, v]) => v !== undefined);
  const right = b as Record<string, unknown>;
  const rightKeys = Object.keys(right).filter((k) => right[k] !== undefined);
  return left.length === rightKeys.length && left.every(([k, v]) => Object.hasOwn(right, k) && jsonEqual(v, right[k]));
}

/** Equal after dropping what Go cannot tell from absent: empty maps, empty lists, null. */
export function semanticEqual(a: unknown, b: unknown): boolean {
  return semanticJson(a) === semanticJson(b);
}

/**
 * The text `semanticEqual` compares: keys sorted, empty maps and lists and nulls dropped.
 * Semantically equal values give the same text, so it also serves as input to a hash.
 */
export function semanticJson(value: unknown): string {
  return JSON.stringify(normalize(value)) ?? 'null';
}

function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? undefined : value.map((v) => normalize(v) ?? null);
  if (value === null || typeof value !== 'object') return value ?? undefined;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = normalize((value as Record<string, unknown>)[key]);
    if (v !== undefined) out[key] = v;
  }
  return Object.keys(out).length === 0 ? undefined : out;
}

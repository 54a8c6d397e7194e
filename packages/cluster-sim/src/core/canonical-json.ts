/**
 * Semantic equality of API objects the way apimachinery's `equality.Semantic.DeepEqual` sees
 * it: key order does not matter, and an absent field equals an empty map, list or null (Go
 * cannot tell them apart after a round trip through the API server).
 */

export function canonicalJson(value: unknown): string {
  return JSON.stringify(normalize(value)) ?? 'null';
}

export function semanticEqual(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
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

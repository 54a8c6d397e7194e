/** Reading built-in objects as plain JSON, the way apimachinery's unstructured helpers do. */

/** Reads a nested field without caring about the object's type. */
export function field(obj: unknown, ...path: string[]): unknown {
  let v: unknown = obj;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[p];
  }
  return v;
}

/**
 * The text at each dotted path (`spec.nodeName`), '' when unset: a kind's selectable fields
 * (kube's <Kind>ToSelectableFields) where each field selector label is the field's own path.
 */
export function textsAtPaths(obj: unknown, paths: readonly string[]): Record<string, string> {
  return Object.fromEntries(paths.map((path) => [path, String(field(obj, ...path.split('.')) ?? '')]));
}

export function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * `parent[key]` as a record that stays in `parent`, for defaulting that writes into nested
 * fields (SetDefaults_* fill a struct the object may not have yet): a missing or non-object
 * field becomes an empty record first.
 */
export function childRecord(parent: object, key: string): Record<string, unknown> {
  const holder = parent as Record<string, unknown>;
  const child = record(holder[key]);
  holder[key] = child;
  return child;
}

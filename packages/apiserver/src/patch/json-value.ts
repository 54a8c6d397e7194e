/**
 * The JSON data model every patch works on: objects, arrays and scalars as decoded from a request
 * body or read from storage. A property whose value is `undefined` counts as absent, because
 * TypeScript callers build objects with optional fields and JSON never carries `undefined`.
 */

export type JsonObject = { [key: string]: unknown };

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Go's encoding/json name for a JSON value's kind, as its UnmarshalTypeError words it ("cannot unmarshal object into ..."). */
export function goJsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  return typeof value === 'boolean' ? 'bool' : typeof value;
}

/** The present (non-undefined) entries of an object, in insertion order. */
export function presentEntries(obj: JsonObject): [string, unknown][] {
  return Object.entries(obj).filter(([, v]) => v !== undefined);
}

export function hasKey(obj: JsonObject, key: string): boolean {
  return Object.hasOwn(obj, key) && obj[key] !== undefined;
}

/** obj[key] for an own member only: a body may name a key "__proto__" or "constructor". */
export function getMember(obj: JsonObject, key: string): unknown {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** obj[key] = value, defining "__proto__" as a plain member instead of setting the prototype. */
export function setMember(obj: JsonObject, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else obj[key] = value;
}

/** Structural equality: object key order is irrelevant, array order is not. (Allocates nothing: every write's managedFields compare runs it.) */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (!isJsonObject(a) || !isJsonObject(b)) return false;
  let present = 0;
  for (const key of Object.keys(a)) {
    const value = a[key];
    if (value === undefined) continue;
    present++;
    if (!hasKey(b, key) || !jsonEqual(value, b[key])) return false;
  }
  for (const key of Object.keys(b)) if (b[key] !== undefined) present--;
  return present === 0;
}

/** A deep copy that shares nothing with its input (drops `undefined` properties). */
export function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => cloneJson(v)) as T;
  if (isJsonObject(value)) {
    const out: JsonObject = {};
    for (const [k, v] of presentEntries(value)) setMember(out, k, cloneJson(v));
    return out as T;
  }
  return value;
}

/** JSON text with object keys sorted, so equal values always render identically. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isJsonObject(value)) {
    const entries = presentEntries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What Go's `json.NewEncoder(w).Encode` writes for an unstructured value (the form
 * `runtime.Encode(unstructured.UnstructuredJSONScheme, obj)` gives, e.g. in kubectl's
 * last-applied-configuration): map keys in byte order, `<`, `>`, `&`, U+2028 and U+2029 escaped,
 * and a trailing newline.
 */
export function goJsonEncode(value: unknown): string {
  return `${goJson(value)}\n`;
}

const utf8Order = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
const goEscaped = /[<>&\u2028\u2029]/g;
const goString = (text: string) => JSON.stringify(text).replace(goEscaped, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

function goJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(goJson).join(',')}]`;
  if (isJsonObject(value)) {
    const entries = presentEntries(value).sort(([a], [b]) => utf8Order(a, b));
    return `{${entries.map(([k, v]) => `${goString(k)}:${goJson(v)}`).join(',')}}`;
  }
  return typeof value === 'string' ? goString(value) : (JSON.stringify(value) ?? 'null');
}

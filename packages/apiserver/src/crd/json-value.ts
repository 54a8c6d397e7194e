/**
 * The JSON data model as Kubernetes' unstructured decoder sees it: whole numbers are int64,
 * other numbers float64, and objects are string-keyed maps.
 */

export type JSONKind = 'null' | 'boolean' | 'string' | 'integer' | 'number' | 'array' | 'object';

export function kindOf(value: unknown): JSONKind {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'bigint') return 'integer';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (Array.isArray(value)) return 'array';
  return 'object';
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return kindOf(value) === 'object';
}

/** Deep equality of JSON values; numbers compare by value whatever their Go type. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const kind = kindOf(a);
  if (kind === 'null') return kindOf(b) === 'null';
  if (kind === 'integer' || kind === 'number') {
    return (typeof b === 'number' || typeof b === 'bigint') && Number(a) === Number(b);
  }
  if (kind !== kindOf(b)) return false;
  if (kind === 'array') {
    const x = a as unknown[];
    const y = b as unknown[];
    return x.length === y.length && x.every((v, i) => jsonEqual(v, y[i]));
  }
  if (kind === 'object') {
    const x = a as Record<string, unknown>;
    const y = b as Record<string, unknown>;
    const keys = Object.keys(x);
    return keys.length === Object.keys(y).length && keys.every((k) => Object.hasOwn(y, k) && jsonEqual(x[k], y[k]));
  }
  return false;
}

/** runtime.DeepCopyJSONValue: defaults are copied so objects never share them. */
export function copyJSON<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyJSON) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copyJSON(v)])) as T;
  }
  return value;
}

/** Own-property lookup that is safe for keys like "__proto__" and "constructor". */
export function ownValue(object: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** Assigns an own property, even for "__proto__" (plain assignment would set the prototype). */
export function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

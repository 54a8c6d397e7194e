/**
 * deepCopy: the DeepCopy every Kubernetes type has, for values that came from JSON (objects
 * read off the wire or out of a cache). It walks plain objects and arrays only, about eight
 * times faster than structuredClone on a Pod; like JSON, it drops properties whose value is
 * undefined. Anything else (a Date, a Map, a class instance) is not JSON: use structuredClone.
 *
 * `for...in` rather than `Object.keys`: on a Pod it copies in under half the time (no key
 * array per object), and a JSON value has no inherited enumerable properties to pick up.
 *
 * A `"__proto__"` member (JSON.parse makes it an own property; a hostile custom resource can
 * send one) is copied as an own property too: assigning it would set the copy's prototype,
 * dropping the member and letting every read of the copy see its fields as inherited ones.
 */
export function deepCopy<T>(value: T): T {
  return copyValue(value) as T;
}

function copyValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copyValue(value[i]);
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const key in value) {
    const field = (value as Record<string, unknown>)[key];
    if (field === undefined) continue;
    if (key === '__proto__') ownProto(out, copyValue(field));
    else out[key] = copyValue(field);
  }
  return out;
}

function ownProto(out: Record<string, unknown>, value: unknown): void {
  Object.defineProperty(out, '__proto__', { value, enumerable: true, writable: true, configurable: true });
}

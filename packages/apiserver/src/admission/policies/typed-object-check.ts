/**
 * cel/mutation/dynamic's CheckTypeNamesMatchFieldPathNames: in `Object{spec: Object.spec{…}}`
 * every constructed value must be named after its field path from the root type, so a typo in
 * a type name is reported instead of silently building the wrong shape. List items and map
 * values keep their parent's path (`Object.spec.containers{…}` inside `containers: […]`).
 */
import { typeNameOf } from './message-construction.ts';

export function typeNameMismatches(value: unknown, path: readonly string[]): string[] {
  const errors: string[] = [];
  const typeName = typeNameOf(value);
  if (typeName !== undefined) {
    const expected = path.join('.');
    if (typeName !== expected) errors.push(`unexpected type name "${typeName}", expected "${expected}", which matches field name path from root Object type`);
    for (const [key, field] of Object.entries(value as Record<string, unknown>)) errors.push(...typeNameMismatches(field, [...path, key]));
    return errors;
  }
  if (Array.isArray(value)) for (const item of value) errors.push(...typeNameMismatches(item, path));
  else if (value !== null && typeof value === 'object' && !(value instanceof Uint8Array) && !(value instanceof Date)) {
    for (const field of Object.values(value)) errors.push(...typeNameMismatches(field, path));
  }
  return errors;
}

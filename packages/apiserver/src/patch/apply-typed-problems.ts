/**
 * typedPatchProblems: what SMD's conversion of a configuration to a typed value refuses (its
 * validatingObjectWalker): a value of the wrong atom (a number where a built-in kind declares a
 * string, a scalar where it declares a list or a map), a field a struct does not declare, an
 * associative-list item without its keys, a set item that is not a scalar, and two items with
 * the same key. An apply configuration with any is kube's 500 "failed to create typed patch
 * object"; a last-applied annotation with any claims no fields. Null is valid everywhere.
 */
import { fieldPathString, serializePathElement, type FieldPath } from './field-path.ts';
import { goTypeName, goValueString } from './patch-errors.ts';
import { isJsonObject, presentEntries, type JsonObject } from './json-value.ts';
import { fieldMeta, itemMeta, listTypeOf, type PatchMeta } from './patch-meta.ts';
import { listItemElement, missingListKey } from './typed-value.ts';

/** Every value must fit its atom, every field be declared, and associative-list items carry unique keys. */
export function typedPatchProblems(value: unknown, meta: PatchMeta | undefined, path: FieldPath): string[] {
  if (value === null || value === undefined) return [];
  const mismatch = atomMismatch(value, meta?.atom);
  if (mismatch) return [`${prefix(path)}${mismatch}`];
  if (isJsonObject(value)) return mapProblems(value, meta, path);
  if (Array.isArray(value)) return listProblems(value, meta, path);
  return [];
}

function prefix(path: FieldPath): string {
  return path.length ? `${fieldPathString(path)}: ` : '';
}

/** validateScalar's, listValue's and mapValue's words; Go prints the value SMD wraps (`&{7}`, `%#v`). */
function atomMismatch(value: unknown, atom: PatchMeta['atom']): string | undefined {
  const isList = Array.isArray(value);
  const isMap = isJsonObject(value);
  switch (atom) {
    case 'string':
      return typeof value === 'string' ? undefined : `expected string, got &value.valueUnstructured{Value:${goSyntax(value)}}`;
    case 'numeric':
      return typeof value === 'number' ? undefined : `expected numeric (int or float), got ${goTypeName(value)}`;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `expected boolean, got &{${goValue(value)}}`;
    case 'scalar':
      return isList || isMap ? `expected any scalar, got &{${goValue(value)}}` : undefined;
    case 'list':
      return isList ? undefined : `expected list, got &{${goValue(value)}}`;
    case 'map':
      return isMap ? undefined : `expected map, got &{${goValue(value)}}`;
    default:
      return undefined;
  }
}

/**
 * SMD's walk of a map stops at the first field its struct does not declare, in Go's random map
 * order, so which of the other problems kube reports is chance; every one is reported here.
 */
function mapProblems(value: JsonObject, meta: PatchMeta | undefined, path: FieldPath): string[] {
  const problems: string[] = [];
  for (const [key, child] of presentEntries(value)) {
    const childPath = [...path, { kind: 'field', name: key } as const];
    if (meta?.declaredOnly && !Object.hasOwn(meta.fields ?? {}, key)) {
      problems.push(`${fieldPathString(childPath)}: field not declared in schema`);
      continue;
    }
    problems.push(...typedPatchProblems(child, fieldMeta(meta, key), childPath));
  }
  return problems;
}

function listProblems(value: unknown[], meta: PatchMeta | undefined, path: FieldPath): string[] {
  const list = listTypeOf(meta);
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const [index, item] of value.entries()) {
    const element = listItemElement(list, item, index);
    if (!element) {
      // The walk cannot name this item, so it stops at it (visitListItems returns).
      problems.push(`${prefix(path)}element ${index}: ${unnamedItemProblem(list, item)}`);
      break;
    }
    const key = serializePathElement(element);
    if (list.kind !== 'atomic' && seen.has(key)) problems.push(`${prefix(path)}duplicate entries for key ${fieldPathString([element])}`);
    seen.add(key);
    problems.push(...typedPatchProblems(item, itemMeta(meta), [...path, element]));
  }
  return problems;
}

/** keyedAssociativeListItemToPathElement's and setItemToPathElement's words. */
function unnamedItemProblem(list: ReturnType<typeof listTypeOf>, item: unknown): string {
  if (list.kind === 'map') {
    if (item === null) return 'associative list with keys may not have a null element';
    if (!isJsonObject(item)) return 'associative list with keys may not have non-map elements';
    const keys = list.keys;
    if (keys.every((key) => !Object.hasOwn(item, key) && list.keyDefaults[key] === undefined)) {
      return `associative list with keys has an element that omits all key fields [${keys.map((k) => JSON.stringify(k)).join(' ')}] (and doesn't have default values for any key fields)`;
    }
    // SMD names such an item by the keys it has; we cannot, and refuse it.
    return `associative list with keys has an element that omits key field ${JSON.stringify(missingListKey(list, item))} (and doesn't have default value)`;
  }
  if (item === null) return "associative list without keys has an element that's an explicit null";
  return Array.isArray(item) ? 'not supported: associative list with lists as elements' : "associative list without keys has an element that's a map type";
}

/** Go's %v of a decoded JSON value (floats as strconv's shortest 'g'). */
function goValue(value: unknown): string {
  if (typeof value === 'number') return goNumber(value);
  if (Array.isArray(value)) return `[${value.map(goValue).join(' ')}]`;
  if (isJsonObject(value))
    return `map[${Object.keys(value)
      .sort()
      .map((k) => `${k}:${goValue(value[k])}`)
      .join(' ')}]`;
  return goValueString(value);
}

/** Go's %#v of a decoded JSON value. */
function goSyntax(value: unknown): string {
  if (value === null || value === undefined) return 'interface {}(nil)';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return goNumber(value);
  if (Array.isArray(value)) return `[]interface {}{${value.map(goSyntax).join(', ')}}`;
  if (isJsonObject(value))
    return `map[string]interface {}{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${goSyntax(value[k])}`)
      .join(', ')}}`;
  return String(value);
}

/** An integer as Go's int64 prints it; a fraction as float64's %v (strconv's shortest 'g': an exponent below -4 or from 6). */
function goNumber(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 2 ** 63) return BigInt(n).toString();
  const exponential = n.toExponential();
  const exponent = Number(exponential.slice(exponential.indexOf('e') + 1));
  if (exponent < -4 || exponent >= 6) return exponential.replace(/e([+-])(\d)$/, 'e$10$2');
  return String(n);
}

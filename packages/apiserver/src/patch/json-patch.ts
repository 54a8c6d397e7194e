/**
 * RFC 6902 JSON Patch (`application/json-patch+json`) with the behaviour of the library
 * kube-apiserver uses (gopkg.in/evanphx/json-patch.v4), including its leniencies, so a patch that
 * works against a real cluster works here and one that fails there fails here with the same code:
 *
 * - a body that is not a list of operations is 400 BadRequest with Go's decoding message;
 * - more than 10000 operations is 413;
 * - copies adding up to more than 3 MiB (kube-apiserver's JSONPatchMaxCopyBytes, the library's
 *   AccumulatedCopySizeLimit) fail as they are applied, so a short patch of doubling copies
 *   cannot grow an object exponentially;
 * - an operation that cannot be applied (missing path, failed `test`, bad index) is 422 with the
 *   generic "the server rejected our request due to an error in our request" text.
 *
 * The input document is never mutated; operations apply to a private copy, all or nothing.
 */
import { newBadRequest, newRequestEntityTooLarge } from '@dojo/kube-api';
import { cloneJson, goJsonKind, hasKey, isJsonObject, jsonEqual, setMember, type JsonObject } from './json-value.ts';
import { newPatchUnprocessable } from './patch-errors.ts';

/** One decoded operation; fields are checked as each operation runs, like the Go library does. */
export type JsonPatchOperation = JsonObject;

/** kube-apiserver's cap on operations in one JSON patch. */
export const maxJsonPatchOperations = 10000;

/** kube-apiserver's JSONPatchMaxCopyBytes: what all copy operations of one patch may add. */
export const maxJsonPatchCopyBytes = 3 * 1024 * 1024;

type Container = JsonObject | unknown[];

/** Checks the body is a list of operations (400 otherwise); `null` decodes to no operations. */
export function decodeJsonPatch(body: unknown): JsonPatchOperation[] {
  if (body === null || body === undefined) return [];
  if (!Array.isArray(body)) {
    throw newBadRequest(`json: cannot unmarshal ${goJsonKind(body)} into Go value of type jsonpatch.Patch`);
  }
  for (const op of body) {
    if (op !== null && !isJsonObject(op)) {
      throw newBadRequest(`json: cannot unmarshal ${goJsonKind(op)} into Go value of type jsonpatch.Operation`);
    }
  }
  if (body.length > maxJsonPatchOperations) {
    throw newRequestEntityTooLarge(`The allowed maximum operations in a JSON patch is ${maxJsonPatchOperations}, got ${body.length}`);
  }
  return body.map((op: JsonObject | null) => op ?? {});
}

/** Bytes copied so far by one patch, checked against the limit as each copy is applied. */
interface CopyBudget {
  used: number;
  readonly limit: number;
}

/** Applies a decoded-from-JSON patch body to a copy of `original` and returns the copy. */
export function applyJsonPatch<T>(original: T, body: unknown, copyLimit = maxJsonPatchCopyBytes): T {
  let doc: unknown = cloneJson(original);
  const budget: CopyBudget = { used: 0, limit: copyLimit };
  for (const op of decodeJsonPatch(body)) doc = applyOperation(doc, op, budget);
  return doc as T;
}

/** The copied value's size as JSON text, counted before anything is copied. */
function takeCopy(budget: CopyBudget, value: unknown): void {
  budget.used += JSON.stringify(value)?.length ?? 4;
  if (budget.used > budget.limit) {
    fail(`Unable to complete the copy, the accumulated size increase of copy is ${budget.used}, exceeding the limit ${budget.limit}`);
  }
}

function fail(message: string): never {
  throw newPatchUnprocessable(message);
}

function applyOperation(doc: unknown, op: JsonPatchOperation, budget: CopyBudget): unknown {
  const kind = typeof op.op === 'string' ? op.op : 'unknown';
  switch (kind) {
    case 'add': {
      const path = pathOf(op, 'add');
      insert(doc, path, op.value ?? null, `add operation does not apply: doc is missing path: "${path}": missing value`);
      return doc;
    }
    case 'remove': {
      const path = pathOf(op, 'remove');
      const { container, key } = locate(doc, path) ?? fail(`remove operation does not apply: doc is missing path: "${path}": missing value`);
      removeChild(container, key, `error in remove for path: '${path}'`);
      return doc;
    }
    case 'replace':
      return replace(doc, op);
    case 'move': {
      const from = fromOf(op, 'move');
      const source = locate(doc, from) ?? fail(`move operation does not apply: doc is missing from path: ${from}: missing value`);
      const value = readChild(source.container, source.key, `error in move for path: '${source.key}'`);
      removeChild(source.container, source.key, `error in move for path: '${source.key}'`);
      const path = pathOf(op, 'move');
      insert(doc, path, value, `move operation does not apply: doc is missing destination path: ${path}: missing value`);
      return doc;
    }
    case 'copy': {
      const from = fromOf(op, 'copy');
      const source = locate(doc, from);
      const value = source ? readChild(source.container, source.key, `error in copy for from: '${from}'`) : undefined;
      // The Go library copies a missing key as null; RFC 6902 requires "from" to exist, and a
      // silent null would only surface later as a confusing validation error.
      if (value === undefined) fail(`copy operation does not apply: doc is missing from path: ${from}: missing value`);
      takeCopy(budget, value);
      const path = pathOf(op, 'copy');
      insert(doc, path, cloneJson(value), `copy operation does not apply: doc is missing destination path: ${path}: missing value`);
      return doc;
    }
    case 'test':
      test(doc, op);
      return doc;
    default:
      return fail(`Unexpected kind: ${kind}`);
  }
}

function pathOf(op: JsonPatchOperation, kind: string): string {
  if (typeof op.path === 'string') return op.path;
  return fail(`${kind} operation failed to decode path: operation missing path field: missing value`);
}

function fromOf(op: JsonPatchOperation, kind: string): string {
  if (typeof op.from === 'string') return op.from;
  return fail(`${kind} operation failed to decode from: operation, missing from field: missing value`);
}

function replace(doc: unknown, op: JsonPatchOperation): unknown {
  const path = pathOf(op, 'replace');
  if (path === '') {
    if (!Array.isArray(op.value) && !isJsonObject(op.value)) fail('replace operation value must be object or array');
    return cloneJson(op.value);
  }
  const { container, key } = locate(doc, path) ?? fail(`replace operation does not apply: doc is missing path: ${path}: missing value`);
  const value = cloneJson(op.value ?? null);
  if (Array.isArray(container)) {
    const index = arrayIndex(container, key, container.length);
    if (index === undefined) fail(`replace operation does not apply: doc is missing key: ${path}: missing value`);
    container[index] = value;
  } else {
    // evanphx v4 lets "replace" create a missing object key, and kubectl users rely on it.
    setMember(container, key, value);
  }
  return doc;
}

function test(doc: unknown, op: JsonPatchOperation): void {
  const path = pathOf(op, 'test');
  const expected = hasKey(op, 'value') ? op.value : undefined;
  if (path === '') {
    if (!jsonEqual(doc, expected)) fail(`testing value ${path} failed: test failed`);
    return;
  }
  const { container, key } = locate(doc, path) ?? fail(`test operation does not apply: is missing path: ${path}: missing value`);
  const actual = Array.isArray(container)
    ? readChild(container, key, `error in test for path: '${path}'`)
    : hasKey(container, key)
      ? container[key]
      : undefined;
  // An absent key passes a test against null or a missing value, as in the Go library.
  if (actual === undefined ? expected !== undefined && expected !== null : !jsonEqual(actual, expected)) {
    fail(`testing value ${path} failed: test failed`);
  }
}

/** Splits a pointer into its parent container and last token (RFC 6901 unescaping). */
function locate(doc: unknown, path: string): { container: Container; key: string } | undefined {
  const tokens = path.split('/').map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (tokens.length < 2) return undefined;
  let node = doc;
  // Like the Go library, the text before the first "/" is ignored rather than rejected.
  for (const token of tokens.slice(1, -1)) {
    if (Array.isArray(node)) {
      const index = arrayIndex(node, token, node.length);
      node = index === undefined ? undefined : node[index];
    } else if (isJsonObject(node)) {
      node = hasKey(node, token) ? node[token] : undefined;
    } else {
      return undefined;
    }
  }
  if (!Array.isArray(node) && !isJsonObject(node)) return undefined;
  return { container: node, key: tokens[tokens.length - 1]! };
}

/** strconv.Atoi plus the library's negative indices (counted from the end); undefined if out of range. */
function arrayIndex(array: readonly unknown[], token: string, size: number): number | undefined {
  if (!/^[+-]?\d+$/.test(token)) return undefined;
  let index = Number(token);
  if (index < 0) {
    if (index < -size) return undefined;
    index += size;
  }
  return index < size && index < array.length + 1 ? index : undefined;
}

function readChild(container: Container, key: string, context: string): unknown {
  if (!Array.isArray(container)) return hasKey(container, key) ? container[key] : undefined;
  const index = arrayIndex(container, key, container.length);
  if (index === undefined) fail(`${context}: Unable to access invalid index: ${key}: invalid index referenced`);
  return container[index];
}

function removeChild(container: Container, key: string, context: string): void {
  if (Array.isArray(container)) {
    const index = arrayIndex(container, key, container.length);
    if (index === undefined) fail(`${context}: Unable to access invalid index: ${key}: invalid index referenced`);
    container.splice(index, 1);
    return;
  }
  if (!hasKey(container, key)) fail(`${context}: Unable to remove nonexistent key: ${key}: missing value`);
  delete container[key];
}

function insert(doc: unknown, path: string, value: unknown, missing: string): void {
  const { container, key } = locate(doc, path) ?? fail(missing);
  const inserted = cloneJson(value);
  if (!Array.isArray(container)) {
    setMember(container, key, inserted);
    return;
  }
  if (key === '-') {
    container.push(inserted);
    return;
  }
  if (!/^[+-]?\d+$/.test(key)) {
    fail(`error in add for path: '${path}': value was not a proper array index: '${key}': strconv.Atoi: parsing "${key}": invalid syntax`);
  }
  // Inserting may target one past the end, so the valid range is one larger than for reads.
  const index = arrayIndex(container, key, container.length + 1);
  if (index === undefined) fail(`error in add for path: '${path}': Unable to access invalid index: ${key}: invalid index referenced`);
  container.splice(index, 0, inserted);
}

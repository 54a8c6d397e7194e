/**
 * Request bodies: a 3 MiB cap (kube-apiserver's limit), content-type negotiation, and JSON or
 * YAML decoding with kube-apiserver's error wording. Anything malformed becomes a Status error.
 */
import type { IncomingMessage } from 'node:http';
import { newBadRequest, newRequestEntityTooLarge, newUnsupportedMediaType, StatusError } from '@dojo/kube-api';
import { parseDocument } from 'yaml';
import { cloneJson, goJsonKind } from '../patch/json-value.ts';
import { decodeObject, protobufMediaType } from './protobuf/envelope.ts';

export const maxRequestBodyBytes = 3 * 1024 * 1024;

export function mediaTypeOf(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

export async function readBody(req: IncomingMessage, limit = maxRequestBodyBytes): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) {
    req.resume();
    throw newRequestEntityTooLarge(`limit is ${limit}`);
  }
  if (req.readableEnded) return Buffer.alloc(0);
  // Listeners rather than `for await`: an async iterator costs a promise per chunk, on every write.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      done();
      req.resume();
      reject(newRequestEntityTooLarge(`limit is ${limit}`));
    };
    const onEnd = (): void => {
      done();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    };
    const onError = (err: Error): void => {
      done();
      reject(err);
    };
    const onClose = (): void => {
      // Closed before its end: the client went away mid-body (what `for await` reports as an error).
      if (req.readableEnded) return;
      done();
      reject(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    };
    const done = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** Caps nesting so a hostile body cannot exhaust the stack in later recursive passes. */
const maxDepth = 100;

function checkDepth(value: unknown, depth = 0): void {
  if (depth > maxDepth) throw newBadRequest(`the request body is nested more than ${maxDepth} levels deep`);
  if (value === null || typeof value !== 'object') return;
  // Every write's body passes here: walked without copying its values out.
  if (Array.isArray(value)) {
    for (const v of value) checkDepth(v, depth + 1);
    return;
  }
  const obj = value as Record<string, unknown>;
  for (const key in obj) checkDepth(obj[key], depth + 1);
}

export function parseJsonBody(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw newBadRequest(`couldn't get version/kind; json parse error: ${(err as Error).message}`);
  }
  checkDepth(value);
  return value;
}

/**
 * A JSON, merge or strategic merge patch body: text that is not JSON is kube-apiserver's
 * `invalid JSON patch` (validateAndTranscodePatch checks json.Valid before decoding anything).
 */
export function parsePatchJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw newBadRequest('invalid JSON patch');
  }
  checkDepth(value);
  return value;
}

/**
 * The size of `value` written out as JSON, counting an aliased node each time it is used but
 * visiting it once: linear in the document, whatever its aliases would expand to. Stops
 * counting past `limit`.
 */
function expandedSize(value: unknown, limit: number, depth = 0, sizes = new Map<object, number>(), open = new Set<object>()): number {
  if (value === null || typeof value !== 'object') return typeof value === 'string' ? value.length + 2 : String(value).length;
  if (depth > maxDepth) throw newBadRequest(`the request body is nested more than ${maxDepth} levels deep`);
  const known = sizes.get(value);
  if (known !== undefined) return known;
  if (open.has(value)) return Infinity; // an alias of its own ancestor: no finite JSON
  open.add(value);
  let size = 2;
  for (const [key, child] of Object.entries(value)) {
    size += key.length + 4 + expandedSize(child, limit, depth + 1, sizes, open);
    if (size > limit) break;
  }
  open.delete(value);
  sizes.set(value, size);
  return size;
}

/**
 * YAML as kube-apiserver reads it, with its limits: aliases may not expand a document beyond
 * the request body limit (a "billion laughs" document is a 400, not an exhausted process), the
 * depth is bounded as for JSON, and the result shares no nodes, since later passes change
 * objects in place.
 */
export function parseYamlBody(text: string): unknown {
  const doc = parseDocument(text, { uniqueKeys: false });
  if (doc.errors.length > 0) throw newBadRequest(`error converting YAML to JSON: ${doc.errors[0]!.message}`);
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (err) {
    // yaml's own alias bound throws a ReferenceError ("Excessive alias count ..."); a deep
    // document may overflow the stack (RangeError).
    throw newBadRequest(`error converting YAML to JSON: ${(err as Error).message}`);
  }
  if (expandedSize(value, maxRequestBodyBytes) > maxRequestBodyBytes) {
    throw newBadRequest(`error converting YAML to JSON: yaml: document contains excessive aliasing (it expands beyond ${maxRequestBodyBytes} bytes)`);
  }
  return cloneJson(value);
}

/**
 * Decodes a create/update body (JSON, YAML, or protobuf when `protobufKind` names the kind the
 * URL expects and it has a message; custom resources have none and answer 415, as in kube).
 */
export function decodeObjectBody(mediaType: string, body: Buffer, protobufKind?: { apiVersion: string; kind: string }): Record<string, unknown> {
  let value: unknown;
  if (mediaType === 'application/json' || mediaType === '') {
    try {
      return requireObject(parseJsonBody(body.toString('utf8')));
    } catch (err) {
      throw protobufKind ? unrecognizedObject(err, protobufKind.kind, body) : err;
    }
  } else if (mediaType === 'application/yaml' || mediaType === 'application/x-yaml' || mediaType === 'text/yaml') value = parseYamlBody(body.toString('utf8'));
  else if (mediaType === protobufMediaType && protobufKind) {
    value = decodeObject(body, protobufKind);
    checkDepth(value);
  } else throw newUnsupportedMediaType(mediaType, ['application/json', 'application/yaml', ...(protobufKind ? [protobufMediaType] : [])]);
  return requireObject(value);
}

/**
 * A built-in kind's body whose apiVersion and kind could not be read: the create and update
 * handlers' transformDecodeError names the kind the URL expects and summarizes the body
 * (summarizeData: up to 30 bytes, as text when it opens with `{`, else in hex).
 */
function unrecognizedObject(err: unknown, kind: string, body: Buffer): unknown {
  if (!(err instanceof StatusError) || !err.status.message?.startsWith("couldn't get version/kind")) return err;
  const head = body.subarray(0, 30);
  const summary = body.length === 0 ? '<empty>' : `${head[0] === 0x7b ? head.toString('utf8') : head.toString('hex')}${body.length > 30 ? ' ...' : ''}`;
  return newBadRequest(`the object provided is unrecognized (must be of type ${kind}): ${err.status.message} (${summary})`);
}

/** A DELETE's optional DeleteOptions body: JSON, or protobuf from typed Go clients. */
export async function readDeleteOptions(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const raw = await readBody(req);
  if (raw.length === 0) return undefined;
  if (mediaTypeOf(req) === protobufMediaType) return requireObject(decodeObject(raw, { apiVersion: 'meta.k8s.io/v1', kind: 'DeleteOptions' }));
  return requireObject(parseJsonBody(raw.toString('utf8')));
}

export function requireObject(value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw newBadRequest(
      "couldn't get version/kind; json parse error: json: cannot unmarshal " +
        (Array.isArray(value) ? 'array' : typeof value) +
        ' into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }',
    );
  }
  return value as Record<string, unknown>;
}

/**
 * An apply patch's body: kube-apiserver decodes it into a map before it looks for apiVersion
 * and kind, so a body that is not YAML, or not an object, fails there, in that decoder's words.
 */
export function parseApplyPatch(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = parseYamlBody(text);
  } catch (err) {
    throw err instanceof Error && err.message.startsWith('error converting YAML to JSON') ? newBadRequest(`error decoding patch: ${err.message}`) : err;
  }
  if (value !== null && (typeof value !== 'object' || Array.isArray(value))) {
    throw newBadRequest(
      `error decoding patch: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal ${goJsonKind(value)} into Go value of type map[string]interface {}`,
    );
  }
  return requireObject(value);
}

/**
 * A merge patch's body under fieldValidation Warn or Strict (Warn is the default): kube's patch
 * handler decodes it into a map first, to find unknown fields, and a body that is not an object
 * fails there in the decoder's words. Under Ignore it goes straight to the merge, whose refusal
 * is "Invalid JSON Patch" (json-merge-patch.ts).
 */
export function checkMergePatchBody(patch: unknown, fieldValidation: string | undefined): void {
  if (fieldValidation === 'Ignore' || patch === null || (typeof patch === 'object' && !Array.isArray(patch))) return;
  throw newBadRequest(`error decoding patch: json: cannot unmarshal ${goJsonKind(patch)} into Go value of type map[string]interface {}`);
}

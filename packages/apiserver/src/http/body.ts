/**
 * Request bodies: a 3 MiB cap (kube-apiserver's limit), content-type negotiation, and JSON or
 * YAML decoding with kube-apiserver's error wording. Anything malformed becomes a Status error.
 */
import type { IncomingMessage } from 'node:http';
import { newBadRequest, newRequestEntityTooLarge, newUnsupportedMediaType } from '@dojo/kube-api';
import { parseDocument } from 'yaml';
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
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      req.resume();
      throw newRequestEntityTooLarge(`limit is ${limit}`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Caps nesting so a hostile body cannot exhaust the stack in later recursive passes. */
const maxDepth = 100;

function checkDepth(value: unknown, depth = 0): void {
  if (depth > maxDepth) throw newBadRequest(`the request body is nested more than ${maxDepth} levels deep`);
  if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) checkDepth(v, depth + 1);
  }
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

export function parseYamlBody(text: string): unknown {
  const doc = parseDocument(text, { uniqueKeys: false });
  if (doc.errors.length > 0) throw newBadRequest(`error converting YAML to JSON: ${doc.errors[0]!.message}`);
  const value: unknown = doc.toJS({ maxAliasCount: 100 });
  checkDepth(value);
  return value;
}

/**
 * Decodes a create/update body (JSON, YAML, or protobuf when `protobufKind` names the kind the
 * URL expects and it has a message; custom resources have none and answer 415, as in kube).
 */
export function decodeObjectBody(mediaType: string, body: Buffer, protobufKind?: { apiVersion: string; kind: string }): Record<string, unknown> {
  let value: unknown;
  if (mediaType === 'application/json' || mediaType === '') value = parseJsonBody(body.toString('utf8'));
  else if (mediaType === 'application/yaml' || mediaType === 'application/x-yaml' || mediaType === 'text/yaml') value = parseYamlBody(body.toString('utf8'));
  else if (mediaType === protobufMediaType && protobufKind) {
    value = decodeObject(body, protobufKind);
    checkDepth(value);
  } else throw newUnsupportedMediaType(mediaType, ['application/json', 'application/yaml', ...(protobufKind ? [protobufMediaType] : [])]);
  return requireObject(value);
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
    throw newBadRequest("couldn't get version/kind; json parse error: json: cannot unmarshal " + (Array.isArray(value) ? 'array' : typeof value) + ' into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }');
  }
  return value as Record<string, unknown>;
}

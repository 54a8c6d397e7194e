/**
 * Request bodies: a 3 MiB cap (kube-apiserver's limit), content-type negotiation, and JSON or
 * YAML decoding with kube-apiserver's error wording. Anything malformed becomes a Status error.
 */
import type { IncomingMessage } from 'node:http';
import { newBadRequest, newRequestEntityTooLarge, newUnsupportedMediaType } from '@dojo/kube-api';
import { parseDocument } from 'yaml';

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

/** Decodes a create/update body (JSON or YAML) into an object. */
export function decodeObjectBody(mediaType: string, body: Buffer): Record<string, unknown> {
  const text = body.toString('utf8');
  let value: unknown;
  if (mediaType === 'application/json' || mediaType === '') value = parseJsonBody(text);
  else if (mediaType === 'application/yaml' || mediaType === 'application/x-yaml' || mediaType === 'text/yaml') value = parseYamlBody(text);
  else throw newUnsupportedMediaType(mediaType, ['application/json', 'application/yaml']);
  return requireObject(value);
}

export function requireObject(value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw newBadRequest("couldn't get version/kind; json parse error: json: cannot unmarshal " + (Array.isArray(value) ? 'array' : typeof value) + ' into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }');
  }
  return value as Record<string, unknown>;
}

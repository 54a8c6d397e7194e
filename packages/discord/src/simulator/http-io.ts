import type { IncomingMessage, ServerResponse } from 'node:http';
import { discordErrors } from '../api-error.ts';

/** Everything the simulator's handlers need from a request, decoded once at the edge. */
export interface DecodedRequest {
  method: string;
  /** The raw path without the query; ids are digits, so no percent-decoding is needed. */
  path: string;
  query: URLSearchParams;
  rawBody: Buffer;
  authorization: string | undefined;
}

/** What a handler answers; the edge writes it. */
export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export const MAX_BODY_BYTES = 1024 * 1024;

export async function decodeRequest(req: IncomingMessage): Promise<DecodedRequest> {
  const target = req.url ?? '/';
  const q = target.indexOf('?');
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    path: q === -1 ? target : target.slice(0, q),
    query: new URLSearchParams(q === -1 ? '' : target.slice(q + 1)),
    rawBody: await readBody(req, MAX_BODY_BYTES),
    authorization: req.headers.authorization,
  };
}

async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) throw discordErrors.payloadTooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** An empty body is "no body"; anything else must be JSON (Discord answers 50109 otherwise). */
export function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw discordErrors.invalidJson();
  }
}

/** Writes an answer unless the client has gone away (a timed-out request, a closed server). */
export function writeAnswer(res: ServerResponse, answer: Answer): void {
  if (res.writableEnded || res.destroyed) return;
  const headers: Record<string, string> = { ...answer.headers };
  if (answer.status === 204 || answer.body === undefined) {
    res.writeHead(answer.status, headers).end();
    return;
  }
  const text = JSON.stringify(answer.body);
  headers['Content-Type'] = 'application/json';
  headers['Content-Length'] = String(Buffer.byteLength(text));
  res.writeHead(answer.status, headers).end(text);
}

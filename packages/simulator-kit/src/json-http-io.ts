/**
 * The JSON edge of a simulator: read a bounded body, parse it, write an answer. Each simulator
 * passes its own errors (Discord's 40005/50109, the Kafka proxy's 400s), so the wire stays the
 * real system's while the reading and writing exist once.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What a handler answers; the edge writes it. */
export interface JsonAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Reads the whole body, throwing `tooLarge()` as soon as it passes `maxBytes` (the rest is never read). */
export async function readBody(req: IncomingMessage, maxBytes: number, tooLarge: () => unknown): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** An empty body is "no body"; anything else must be JSON, or `invalid()` is thrown. */
export function parseJsonBody(raw: Buffer, invalid: () => unknown): unknown {
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw invalid();
  }
}

/** The path without the query, and the query; simulators route on the raw path. */
export function splitTarget(target: string | undefined): { path: string; query: URLSearchParams } {
  const url = target ?? '/';
  const q = url.indexOf('?');
  return { path: q === -1 ? url : url.slice(0, q), query: new URLSearchParams(q === -1 ? '' : url.slice(q + 1)) };
}

/** Writes an answer unless the client has gone away (a timed-out request, a closed server). */
export function writeJsonAnswer(res: ServerResponse, answer: JsonAnswer): void {
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

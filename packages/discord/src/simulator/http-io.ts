import type { IncomingMessage } from 'node:http';
import { parseJsonBody as parseJson, readBody, splitTarget, type JsonAnswer } from '@dojo/simulator-kit';
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
export type Answer = JsonAnswer;

export const MAX_BODY_BYTES = 1024 * 1024;

export async function decodeRequest(req: IncomingMessage): Promise<DecodedRequest> {
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    ...splitTarget(req.url),
    rawBody: await readBody(req, MAX_BODY_BYTES, () => discordErrors.payloadTooLarge()),
    authorization: req.headers.authorization,
  };
}

/** An empty body is "no body"; anything else must be JSON (Discord answers 50109 otherwise). */
export function parseJsonBody(raw: Buffer): unknown {
  return parseJson(raw, () => discordErrors.invalidJson());
}

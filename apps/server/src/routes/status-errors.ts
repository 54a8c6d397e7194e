/**
 * The one error middleware of the console's HTTP API: whatever a handler throws or rejects with
 * leaves as a Kubernetes Status. A StatusError keeps its Status; the body parser's errors (bad
 * JSON, too large, unsupported charset) are the client's and keep their 4xx; anything else is a
 * 500 InternalError.
 */
import type { NextFunction, Request, Response } from 'express';
import type { EdgeAnswer } from '@dojo/http-edge';
import { newBadRequest, newInternalError, newRequestEntityTooLarge, newStatusError, reasonForCode, StatusError } from '@dojo/kube-api';

/** What body-parser (through express.json()) throws: an http-errors error with a `type`. */
interface BodyParserError {
  type?: unknown;
  status?: unknown;
  expose?: unknown;
  limit?: unknown;
  message?: unknown;
}

export function toStatusError(err: unknown): StatusError {
  if (err instanceof StatusError) return err;
  const parser = (err ?? {}) as BodyParserError;
  if (parser.type === 'entity.parse.failed') return newBadRequest('request body is not valid JSON');
  if (parser.type === 'entity.too.large') return newRequestEntityTooLarge(`the request body is larger than ${String(parser.limit)} bytes`);
  if (parser.expose === true && typeof parser.status === 'number' && parser.status >= 400 && parser.status < 500) {
    return newStatusError(parser.status, reasonForCode(parser.status), String(parser.message));
  }
  return newInternalError(err);
}

export function statusErrors(err: unknown, _req: Request, res: Response, _next: NextFunction): void {
  const { status } = toStatusError(err);
  res.status(status.code).json(status);
}

/** The same Status as a complete answer, for the listener guards (what escaped express itself). */
export function statusAnswer(err: unknown): EdgeAnswer {
  const { status } = toStatusError(err);
  return { status: status.code, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(status) };
}

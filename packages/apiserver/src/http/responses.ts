/** Writing JSON and protobuf bodies, Status errors and Warning headers the way kube-apiserver does. */
import type { ServerResponse } from 'node:http';
import { newInternalError, StatusError, type Status } from '@dojo/kube-api';
import { statusMedia, type Media } from './negotiation.ts';
import { encodeObject, protobufMediaType } from './protobuf/envelope.ts';

export function writeJson(res: ServerResponse, code: number, body: unknown, contentType = 'application/json'): void {
  writeRawJson(res, code, JSON.stringify(body), contentType);
}

export function writeRawJson(res: ServerResponse, code: number, json: string | Buffer, contentType = 'application/json'): void {
  writeBody(res, code, json, contentType);
}

/**
 * Up to this size a text body is written as text: Node then sends it in one write with the
 * headers (one TLS record, where a Buffer goes as a second chunk and record), and measuring it
 * costs little.
 */
const smallBodyChars = 64 * 1024;

function writeBody(res: ServerResponse, code: number, body: string | Buffer, contentType: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  // A large text is encoded once: measuring its UTF-8 length and then writing it would encode
  // it twice (a LIST of 10,000 objects is some 17 MB).
  const small = typeof body === 'string' && body.length <= smallBodyChars;
  const bytes = small || typeof body !== 'string' ? body : Buffer.from(body, 'utf8');
  res.statusCode = code;
  res.setHeader('Content-Type', contentType);
  // kube's WithCacheControl default; a handler that set its own (discovery: public) keeps it.
  if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', 'no-cache, private');
  res.setHeader('Content-Length', typeof bytes === 'string' ? Buffer.byteLength(bytes, 'utf8') : bytes.length);
  res.end(bytes);
}

/**
 * Go's http.NotFound, which kube-apiserver's last handler (util/notfoundhandler) answers for a
 * path no API handler claims: a text page, not a Status.
 */
export function writeNotFoundPage(res: ServerResponse): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  writeBody(res, 404, '404 page not found\n', 'text/plain; charset=utf-8');
}

/** An object with apiVersion and kind in `media` (protobuf only for kinds that have a message). */
export function writeObject(res: ServerResponse, code: number, body: { apiVersion?: string; kind?: string }, media: Media, contentType?: string): void {
  if (media === 'protobuf') writeBody(res, code, encodeObject(body), contentType ?? protobufMediaType);
  else writeJson(res, code, body, contentType);
}

export function toStatusError(err: unknown): StatusError {
  return err instanceof StatusError ? err : newInternalError(err);
}

/** The Status of an error, in the media the client's Accept header prefers. */
export function writeError(res: ServerResponse, err: unknown, accept?: string): void {
  const error = toStatusError(err);
  const status: Status = error.status;
  setWarnings(res, error.warnings);
  // responsewriters.ErrorNegotiated: any Status naming a retry delay sends it as Retry-After (429s, a too-large resourceVersion's 504).
  if (status.details?.retryAfterSeconds) res.setHeader('Retry-After', String(status.details.retryAfterSeconds));
  writeObject(res, status.code, status, statusMedia(accept));
}

/**
 * A header value carries only ISO-8859-1, and a CRD's deprecationWarning may hold any printable
 * Unicode: such a text goes as an RFC 2047 encoded-word, which apimachinery's parser decodes.
 */
function warningValue(text: string): string {
  const plain = /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
  return `299 - ${JSON.stringify(plain)}`;
}

/**
 * `Warning: 299 - "text"`, one header value per warning (RFC 7234 warn-code 299). Adds to the
 * warnings already set on the response (a deprecated version's, then the write's own), once each.
 */
export function setWarnings(res: ServerResponse, warnings: readonly string[]): void {
  if (warnings.length === 0) return;
  const existing = res.getHeader('Warning');
  const values = Array.isArray(existing) ? existing : existing === undefined ? [] : [String(existing)];
  const added = warnings.map(warningValue).filter((v) => !values.includes(v));
  res.setHeader('Warning', [...values, ...added]);
}

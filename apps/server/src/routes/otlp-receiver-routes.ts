/**
 * `POST /v1/traces`: the console as an OTLP/HTTP trace receiver (docs/opentelemetry.md), on the
 * console's own port. Operators send with the standard exporter settings
 * (`OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_EXPORTER_OTLP_HEADERS=Authorization=Bearer <token>`)
 * and the receiver's own token (`<data-dir>/otlp-receiver-token`); the console token is not
 * accepted here, nor this token anywhere else.
 *
 * As the OTLP specification asks: `application/x-protobuf` or `application/json` bodies, gzip
 * (or deflate) Content-Encoding; 200 with an ExportTraceServiceResponse in the request's
 * encoding, with `partialSuccess` naming the spans that could not be used; errors carry a
 * `google.rpc.Status` (the body every OTLP client expects, so it is that rather than a
 * Kubernetes Status): 400 for a body that does not decode, 401 without the token, 413 above the
 * size limit, 415 for any other content type. OTLP clients retry 429/502/503/504 only, so a bad
 * batch is not sent again and again.
 */
import { Router, raw, type NextFunction, type Request, type Response } from 'express';
import { bearerToken, tokensEqual } from '@dojo/http-edge';
import { newStatusError, newUnauthorized } from '@dojo/kube-api';
import { decodeTraceRequest, encodeRpcStatus, encodeTraceResponse, otlpContentTypes, type OtlpEncoding, type TraceSink } from '@dojo/telemetry-sources';
import { toStatusError } from './status-errors.ts';

/** The OpenTelemetry Collector's default limit is 20 MiB; an operator's batch of 512 spans is far below. */
export const otlpBodyLimitBytes = 8 * 1024 * 1024;

/** google.rpc.Code for the HTTP status of an OTLP error answer. */
const rpcCodes: Record<number, number> = { 400: 3, 401: 16, 403: 7, 404: 5, 413: 8, 415: 3, 429: 8, 500: 13, 503: 14 };

/** From the media type alone: `req.is` says nothing for an empty body, which is a valid (empty) protobuf request. */
function encodingOf(req: Request): OtlpEncoding | undefined {
  const mediaType = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType === otlpContentTypes.protobuf) return 'protobuf';
  if (mediaType === otlpContentTypes.json) return 'json';
  return undefined;
}

function answer(res: Response, encoding: OtlpEncoding, status: number, body: Buffer): void {
  res.status(status).type(otlpContentTypes[encoding]).send(body);
}

/** Mounted at `/v1`, beside OTLP's other signal paths. */
export function otlpReceiverRoutes(token: string, sink: TraceSink, limitBytes = otlpBodyLimitBytes): Router {
  const router = Router();
  router.use((req, _res, next) =>
    next(
      tokensEqual(bearerToken(req), token)
        ? undefined
        : newUnauthorized('the OTLP receiver needs the token in <data-dir>/otlp-receiver-token (OTEL_EXPORTER_OTLP_HEADERS=Authorization=Bearer <token>)'),
    ),
  );
  router.post(
    '/traces',
    (req, _res, next) =>
      next(
        encodingOf(req)
          ? undefined
          : newStatusError(
              415,
              'UnsupportedMediaType',
              `OTLP/HTTP traces are application/x-protobuf or application/json, not ${JSON.stringify(req.headers['content-type'] ?? '')}`,
            ),
      ),
    // body-parser inflates gzip and deflate, and counts the limit after inflating.
    raw({ type: () => true, limit: limitBytes }),
    (req, res) => {
      const encoding = encodingOf(req)!;
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const partial = sink.receive(decodeTraceRequest(body, encoding));
      answer(res, encoding, 200, encodeTraceResponse(encoding, partial));
    },
  );
  router.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const { status } = toStatusError(err);
    const encoding = encodingOf(req) ?? (req.headers['content-type'] ? 'json' : 'protobuf');
    answer(res, encoding, status.code, encodeRpcStatus(encoding, rpcCodes[status.code] ?? 2, status.message ?? status.reason ?? 'error'));
  });
  return router;
}

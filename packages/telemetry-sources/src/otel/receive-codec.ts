/**
 * The OTLP/HTTP trace wire formats, both ways: an `ExportTraceServiceRequest` from binary
 * protobuf (decoded by protobufjs from the official opentelemetry-proto definitions vendored in
 * receive-proto/) or from OTLP/JSON, and the answers — `ExportTraceServiceResponse` and
 * `google.rpc.Status` — in the encoding the request came in.
 *
 * Both request encodings end in the same plain object (`OtlpTraceRequest`), protobuf's
 * field names in lowerCamelCase as OTLP/JSON spells them; only ids differ (bytes from protobuf,
 * hex strings in OTLP/JSON), which receive-spans.ts reads either way.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import { newBadRequest } from '@dojo/kube-api';
import { checkTraceRequestShape } from './receive-shape.ts';

export type OtlpEncoding = 'protobuf' | 'json';

export const otlpContentTypes: Record<OtlpEncoding, string> = { protobuf: 'application/x-protobuf', json: 'application/json' };

/** An OTLP AnyValue, as OTLP/JSON writes it (int64 as a decimal string or a number). */
export interface OtlpAnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number;
  arrayValue?: { values?: OtlpAnyValue[] };
  kvlistValue?: { values?: OtlpKeyValue[] };
  bytesValue?: Uint8Array | string;
}

export interface OtlpKeyValue {
  key?: string;
  value?: OtlpAnyValue;
}

export interface OtlpSpan {
  traceId?: Uint8Array | string;
  spanId?: Uint8Array | string;
  parentSpanId?: Uint8Array | string;
  name?: string;
  kind?: number | string;
  startTimeUnixNano?: string | number;
  endTimeUnixNano?: string | number;
  attributes?: OtlpKeyValue[];
  status?: { code?: number | string; message?: string };
  events?: { name?: string; attributes?: OtlpKeyValue[] }[];
}

export interface OtlpTraceRequest {
  resourceSpans?: {
    resource?: { attributes?: OtlpKeyValue[] };
    scopeSpans?: { scope?: { name?: string; version?: string }; spans?: OtlpSpan[] }[];
  }[];
}

/** The vendored opentelemetry-proto definitions (receive-proto/), which a test's collector decodes with too. */
export const otlpProtoDir = join(dirname(fileURLToPath(import.meta.url)), 'receive-proto');
const root = new protobuf.Root();
root.resolvePath = (_origin, target) => (target.startsWith('google/protobuf/') ? target : join(otlpProtoDir, target));
root.loadSync(['opentelemetry/proto/collector/trace/v1/trace_service.proto', 'google/rpc/status.proto']);
/** The three messages of OTLP/HTTP traces, for whoever must read or write them in protobuf. */
export const otlpTypes = {
  request: root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest'),
  response: root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse'),
  status: root.lookupType('google.rpc.Status'),
};

/** The request in `body`, or a 400 Status saying why it cannot be read. */
export function decodeTraceRequest(body: Buffer, encoding: OtlpEncoding): OtlpTraceRequest {
  if (encoding === 'protobuf') {
    let decoded: unknown;
    try {
      // longs as decimal strings: nanoseconds since 1970 do not fit in a double exactly.
      decoded = otlpTypes.request.toObject(otlpTypes.request.decode(body), { longs: String, enums: Number });
    } catch (error) {
      // A message nested too deep for protobufjs' recursive decoder is a RangeError here too.
      throw newBadRequest(`the body is not an ExportTraceServiceRequest in protobuf: ${(error as Error).message}`);
    }
    checkTraceRequestShape(decoded);
    return decoded as OtlpTraceRequest;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw newBadRequest(`the body is not OTLP/JSON: ${(error as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw newBadRequest('the body must be an ExportTraceServiceRequest JSON object');
  checkTraceRequestShape(parsed);
  return parsed as OtlpTraceRequest;
}

export interface PartialSuccess {
  rejectedSpans: number;
  errorMessage: string;
}

/** An ExportTraceServiceResponse; `partialSuccess` only when some spans were rejected, as the spec asks. */
export function encodeTraceResponse(encoding: OtlpEncoding, partial?: PartialSuccess): Buffer {
  const rejected = partial && partial.rejectedSpans > 0 ? partial : undefined;
  // OTLP/JSON writes int64 as a decimal string.
  if (encoding === 'json')
    return Buffer.from(
      JSON.stringify(rejected ? { partialSuccess: { rejectedSpans: String(rejected.rejectedSpans), errorMessage: rejected.errorMessage } } : {}),
    );
  return Buffer.from(otlpTypes.response.encode(otlpTypes.response.fromObject(rejected ? { partialSuccess: rejected } : {})).finish());
}

/** A google.rpc.Status: the body of every OTLP/HTTP error answer. `code` is a google.rpc.Code. */
export function encodeRpcStatus(encoding: OtlpEncoding, code: number, message: string): Buffer {
  if (encoding === 'json') return Buffer.from(JSON.stringify({ code, message }));
  return Buffer.from(otlpTypes.status.encode(otlpTypes.status.fromObject({ code, message })).finish());
}

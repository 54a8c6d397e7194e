/**
 * A stand-in OTLP/HTTP collector for the export tests: it takes `POST /v1/traces` bodies as the
 * OpenTelemetry JS exporters send them and decodes them with decoders we did not write —
 * protobufjs over the opentelemetry-proto definitions (vendored in @dojo/telemetry-sources' otel/receive-proto, which the receiver uses too) for protobuf,
 * JSON.parse for JSON — into one plain shape the tests read attribute by attribute. It can be
 * told to refuse (`failWith`) or to never answer (`stall`) to play a collector in trouble.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import protobuf from 'protobufjs';
import { otlpProtoDir } from '@dojo/telemetry-sources/testing';

export type AttributeValue = string | number | boolean | AttributeValue[];

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP's enum: 1 internal, 3 client. */
  kind: number;
  startTimeUnixNano: bigint;
  endTimeUnixNano: bigint;
  attributes: Record<string, AttributeValue>;
  status: { code: number; message: string };
  events: { name: string; timeUnixNano: bigint; attributes: Record<string, AttributeValue> }[];
  resource: Record<string, AttributeValue>;
  scope: { name: string; version: string };
}

export interface ReceivedRequest {
  contentType: string;
  headers: IncomingHttpHeaders;
  spans: ReceivedSpan[];
}

let requestType: protobuf.Type | undefined;

function exportTraceServiceRequest(): protobuf.Type {
  if (requestType) return requestType;
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => join(otlpProtoDir, target);
  root.loadSync('opentelemetry/proto/collector/trace/v1/trace_service.proto');
  requestType = root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest');
  return requestType;
}

export class OtlpCollector {
  readonly requests: ReceivedRequest[] = [];
  /** Answer every request with this status instead of 200 (undefined: accept). */
  failWith: number | undefined;
  refused = 0;
  /** Take requests and never answer them (until closed). */
  stall = false;
  stalled = 0;
  readonly #server: Server;

  private constructor(server: Server) {
    this.#server = server;
  }

  static async start(): Promise<OtlpCollector> {
    const server = createServer();
    const collector = new OtlpCollector(server);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (collector.stall) {
          collector.stalled++;
          return;
        }
        if (collector.failWith !== undefined) {
          collector.refused++;
          res.writeHead(collector.failWith).end();
          return;
        }
        const contentType = req.headers['content-type'] ?? '';
        const body = Buffer.concat(chunks);
        const spans = contentType.includes('json') ? fromJson(JSON.parse(body.toString('utf8'))) : fromProtobuf(body);
        collector.requests.push({ contentType, headers: req.headers, spans });
        res
          .writeHead(200, { 'content-type': contentType.includes('json') ? 'application/json' : 'application/x-protobuf' })
          .end(contentType.includes('json') ? '{}' : undefined);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return collector;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  get spans(): ReceivedSpan[] {
    return this.requests.flatMap((r) => r.spans);
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

function fromProtobuf(body: Buffer): ReceivedSpan[] {
  const type = exportTraceServiceRequest();
  const decoded = type.toObject(type.decode(body), { longs: String, enums: Number, bytes: Array, defaults: false, arrays: true });
  return flatten(decoded as OtlpRequest, (bytes) => Buffer.from(bytes as number[]).toString('hex'));
}

/** OTLP/JSON writes ids as hex (not base64, unlike protobuf's canonical JSON) and enums as numbers. */
function fromJson(body: OtlpRequest): ReceivedSpan[] {
  return flatten(body, (id) => String(id ?? ''));
}

interface OtlpValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number;
  arrayValue?: { values?: OtlpValue[] };
}
type OtlpAttributes = { key: string; value: OtlpValue }[] | undefined;
interface OtlpRequest {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttributes };
    scopeSpans?: {
      scope?: { name?: string; version?: string };
      spans?: {
        traceId: unknown;
        spanId: unknown;
        parentSpanId?: unknown;
        name: string;
        kind?: number;
        startTimeUnixNano: string | number;
        endTimeUnixNano: string | number;
        attributes?: OtlpAttributes;
        status?: { code?: number; message?: string };
        events?: { name: string; timeUnixNano: string | number; attributes?: OtlpAttributes }[];
      }[];
    }[];
  }[];
}

function flatten(request: OtlpRequest, id: (raw: unknown) => string): ReceivedSpan[] {
  return (request.resourceSpans ?? []).flatMap((rs) =>
    (rs.scopeSpans ?? []).flatMap((ss) =>
      (ss.spans ?? []).map((s) => ({
        traceId: id(s.traceId),
        spanId: id(s.spanId),
        parentSpanId: s.parentSpanId === undefined ? '' : id(s.parentSpanId),
        name: s.name,
        kind: s.kind ?? 0,
        startTimeUnixNano: BigInt(s.startTimeUnixNano),
        endTimeUnixNano: BigInt(s.endTimeUnixNano),
        attributes: attributes(s.attributes),
        status: { code: s.status?.code ?? 0, message: s.status?.message ?? '' },
        events: (s.events ?? []).map((e) => ({ name: e.name, timeUnixNano: BigInt(e.timeUnixNano), attributes: attributes(e.attributes) })),
        resource: attributes(rs.resource?.attributes),
        scope: { name: ss.scope?.name ?? '', version: ss.scope?.version ?? '' },
      })),
    ),
  );
}

function attributes(list: OtlpAttributes): Record<string, AttributeValue> {
  return Object.fromEntries((list ?? []).map(({ key, value }) => [key, valueOf(value)]));
}

/** The member of AnyValue that is set (protobuf's oneof, decoded without defaults; JSON names only it). */
function valueOf(value: OtlpValue): AttributeValue {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(valueOf);
  throw new Error(`an attribute value of no known type: ${JSON.stringify(value)}`);
}

/**
 * An OTLP trace request flattened into spans the console can use: ids as lowercase hex (bytes
 * from protobuf, hex strings from OTLP/JSON), times in epoch milliseconds, attributes as plain
 * values, the resource's attributes beside each span. A span without a valid trace or span id,
 * or without start and end times, or with a time outside the window the console takes
 * (security/input-time-window.ts: an hour ahead of its clock, back to what its history keeps), is
 * rejected — counted and named, never guessed or clamped — as the OTLP partial-success answer
 * reports it.
 */
import { timeOutsideWindow, type InputTimeWindow } from '@dojo/activity';
import { maxInt64Length } from './receive-shape.ts';
import type { OtlpAnyValue, OtlpKeyValue, OtlpSpan, OtlpTraceRequest } from './receive-codec.ts';

export type AttributeValue = string | number | boolean | AttributeValue[] | { readonly [key: string]: AttributeValue };
export type Attributes = Readonly<Record<string, AttributeValue>>;

/** OTLP's Status.code: 0 unset, 1 ok, 2 error. */
export const spanStatusError = 2;
/** OTLP's Span.kind: 3 is CLIENT (an outgoing request). */
export const spanKindClient = 3;

export interface ReceivedSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly name: string;
  readonly kind: number;
  readonly startMs: number;
  readonly endMs: number;
  readonly attributes: Attributes;
  readonly status: { readonly code: number; readonly message?: string };
  /** The resource's attributes: `service.name`, `k8s.*` of the process that sent it. */
  readonly resource: Attributes;
}

export interface FlattenedTraces {
  readonly spans: ReceivedSpan[];
  readonly rejected: number;
  /** Why the first rejected span was rejected (the partial-success errorMessage). */
  readonly rejection?: string;
}

// OTLP/JSON writes enums as integers; some senders write their names, which proto3 JSON allows.
const spanKindNames: Record<string, number> = {
  SPAN_KIND_UNSPECIFIED: 0,
  SPAN_KIND_INTERNAL: 1,
  SPAN_KIND_SERVER: 2,
  SPAN_KIND_CLIENT: 3,
  SPAN_KIND_PRODUCER: 4,
  SPAN_KIND_CONSUMER: 5,
};
const statusCodeNames: Record<string, number> = { STATUS_CODE_UNSET: 0, STATUS_CODE_OK: 1, STATUS_CODE_ERROR: 2 };

function hexId(id: Uint8Array | string | undefined, bytes: number): string | undefined {
  if (id === undefined) return undefined;
  const hex = typeof id === 'string' ? id.toLowerCase() : Buffer.from(id).toString('hex');
  if (hex.length !== bytes * 2 || !/^[0-9a-f]+$/.test(hex) || /^0+$/.test(hex)) return undefined;
  return hex;
}

/** Epoch ms (with the sub-millisecond part) of a uint64 nanosecond time, exact up to the ms. */
function nanosToMs(nanos: string | number | undefined): number | undefined {
  if (nanos === undefined) return undefined;
  const text = String(nanos);
  // receive-shape.ts refuses longer ones; BigInt of millions of digits would block the event loop.
  if (text.length > maxInt64Length || !/^\d+$/.test(text)) return undefined;
  const value = BigInt(text);
  if (value === 0n) return undefined;
  return Number(value / 1_000_000n) + Number(value % 1_000_000n) / 1_000_000;
}

export function attributeValue(value: OtlpAnyValue | undefined): AttributeValue | undefined {
  if (!value) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return Number(value.doubleValue);
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(attributeValue).filter((v) => v !== undefined);
  if (value.kvlistValue) return attributesOf(value.kvlistValue.values);
  if (value.bytesValue !== undefined) return typeof value.bytesValue === 'string' ? value.bytesValue : Buffer.from(value.bytesValue).toString('base64');
  return undefined;
}

export function attributesOf(list: readonly OtlpKeyValue[] | undefined): Attributes {
  const attributes: Record<string, AttributeValue> = {};
  for (const { key, value } of list ?? []) {
    const converted = attributeValue(value);
    if (key && converted !== undefined) attributes[key] = converted;
  }
  return attributes;
}

function flattenSpan(span: OtlpSpan, resource: Attributes, window: InputTimeWindow | undefined): ReceivedSpan | string {
  const traceId = hexId(span.traceId, 16);
  const spanId = hexId(span.spanId, 8);
  if (!traceId || !spanId) return `span ${JSON.stringify(span.name ?? '')} has no valid traceId (16 bytes) and spanId (8 bytes)`;
  const startMs = nanosToMs(span.startTimeUnixNano);
  const endMs = nanosToMs(span.endTimeUnixNano);
  if (startMs === undefined || endMs === undefined || endMs < startMs)
    return `span ${spanId} needs startTimeUnixNano and endTimeUnixNano, end not before start`;
  const outside = window && (timeOutsideWindow(startMs, window) ?? timeOutsideWindow(endMs, window));
  if (outside) return `span ${spanId}'s time ${outside}`;
  const parentSpanId = hexId(span.parentSpanId, 8);
  // Go's span.RecordError and Rust's error events put the text in an `exception` event, not always in the status.
  const exception = span.events?.find((e) => e?.name === 'exception');
  const exceptionMessage = exception ? attributesOf(exception.attributes)['exception.message'] : undefined;
  const message = span.status?.message || (typeof exceptionMessage === 'string' ? exceptionMessage : undefined);
  return {
    traceId,
    spanId,
    ...(parentSpanId ? { parentSpanId } : {}),
    name: span.name ?? '',
    kind: typeof span.kind === 'string' ? (spanKindNames[span.kind] ?? 0) : Number(span.kind ?? 0),
    startMs,
    endMs,
    attributes: attributesOf(span.attributes),
    status: {
      code: typeof span.status?.code === 'string' ? (statusCodeNames[span.status.code] ?? 0) : Number(span.status?.code ?? 0),
      ...(message ? { message } : {}),
    },
    resource,
  };
}

/** The spans of `request`; with a `window`, those dated outside it are rejected. */
export function flattenTraces(request: OtlpTraceRequest, window?: InputTimeWindow): FlattenedTraces {
  const spans: ReceivedSpan[] = [];
  let rejected = 0;
  let rejection: string | undefined;
  for (const resourceSpans of request.resourceSpans ?? []) {
    const resource = attributesOf(resourceSpans?.resource?.attributes);
    for (const scopeSpans of resourceSpans?.scopeSpans ?? []) {
      for (const span of scopeSpans?.spans ?? []) {
        const flat = span && typeof span === 'object' ? flattenSpan(span, resource, window) : 'a span must be an object';
        if (typeof flat !== 'string') spans.push(flat);
        else {
          rejected += 1;
          rejection ??= flat;
        }
      }
    }
  }
  return { spans, rejected, ...(rejection ? { rejection } : {}) };
}

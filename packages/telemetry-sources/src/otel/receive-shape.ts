/**
 * The shape of an ExportTraceServiceRequest, checked before anything reads it: OTLP/JSON comes
 * from any sender with the receiver's token, and `attributes: 5`, `[null]`, `events: "x"` or a
 * document nested 100,000 deep must be a 400 naming the field, never a TypeError or a stack
 * overflow in a walker after it. The messages and fields are those of
 * opentelemetry/proto/trace/v1/trace.proto and common/v1/common.proto (vendored in
 * receive-proto/); fields the console does not know are ignored, as the OTLP/JSON rules ask, and
 * `null` stands for an absent field (proto3 JSON), but never for a list's item.
 *
 * int64 fields (times, `intValue`) are decimal strings or integers of at most 20 characters:
 * a longer one is no int64, and parsing 4 million digits as a BigInt blocks the event loop for
 * seconds. Protobuf requests decode into the same shape (receive-codec.ts) and are checked the same.
 */
import { newBadRequest } from '@dojo/kube-api';
import { nestsDeeperThan } from '../json-depth.ts';

/** JSON nesting levels of a whole request: the span skeleton is 10, each nested attribute value 4 more. */
export const maxOtlpRequestDepth = 128;
/** The longest int64 in decimal: "-9223372036854775808" is 20 characters, uint64's maximum 20 digits. */
export const maxInt64Length = 20;

type Scalar = 'string' | 'bytes' | 'int64' | 'double' | 'bool' | 'enum' | 'count';
interface Message {
  readonly [field: string]: Shape;
}
type Shape = Scalar | { readonly list: Shape } | { readonly message: () => Message };

const list = (of: Shape): Shape => ({ list: of });
const message = (fields: () => Message): Shape => ({ message: fields });

const anyValue: Shape = message(() => ({
  stringValue: 'string',
  boolValue: 'bool',
  intValue: 'int64',
  doubleValue: 'double',
  arrayValue: message(() => ({ values: list(anyValue) })),
  kvlistValue: message(() => ({ values: list(keyValue) })),
  bytesValue: 'bytes',
}));
const keyValue: Shape = message(() => ({ key: 'string', value: anyValue }));
const attributes = list(keyValue);
const span = message(() => ({
  traceId: 'bytes',
  spanId: 'bytes',
  parentSpanId: 'bytes',
  traceState: 'string',
  name: 'string',
  kind: 'enum',
  startTimeUnixNano: 'int64',
  endTimeUnixNano: 'int64',
  attributes,
  droppedAttributesCount: 'count',
  events: list(message(() => ({ timeUnixNano: 'int64', name: 'string', attributes, droppedAttributesCount: 'count' }))),
  droppedEventsCount: 'count',
  links: list(message(() => ({ traceId: 'bytes', spanId: 'bytes', traceState: 'string', attributes, droppedAttributesCount: 'count' }))),
  droppedLinksCount: 'count',
  status: message(() => ({ code: 'enum', message: 'string' })),
}));
const traceRequest = message(() => ({
  resourceSpans: list(
    message(() => ({
      resource: message(() => ({ attributes, droppedAttributesCount: 'count' })),
      scopeSpans: list(message(() => ({ scope: message(() => ({ name: 'string', version: 'string', attributes })), spans: list(span), schemaUrl: 'string' }))),
      schemaUrl: 'string',
    })),
  ),
}));

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);
const integerText = /^-?\d+$/;
const doubleText = /^(-?\d+(\.\d+)?([eE][-+]?\d+)?|NaN|-?Infinity)$/;

const scalarRules: Record<Scalar, (value: unknown) => string | undefined> = {
  string: (v) => (typeof v === 'string' ? undefined : 'must be a string'),
  // Hex (trace and span ids) or base64 in OTLP/JSON; bytes once protobuf is decoded.
  bytes: (v) => (typeof v === 'string' || ArrayBuffer.isView(v) ? undefined : 'must be a string of bytes'),
  int64: (v) => {
    if (typeof v === 'number') return Number.isInteger(v) ? undefined : 'must be an integer';
    if (typeof v !== 'string') return 'must be an int64 (a decimal string or a number)';
    if (v.length > maxInt64Length) return `must be an int64: at most ${maxInt64Length} characters`;
    return integerText.test(v) ? undefined : 'must be an int64 (a decimal string or a number)';
  },
  double: (v) => (typeof v === 'number' || (typeof v === 'string' && v.length <= 32 && doubleText.test(v)) ? undefined : 'must be a number'),
  bool: (v) => (typeof v === 'boolean' ? undefined : 'must be true or false'),
  enum: (v) => (Number.isInteger(v) || typeof v === 'string' ? undefined : 'must be an enum number or name'),
  count: (v) => (Number.isInteger(v) ? undefined : 'must be an integer'),
};

/** Why `value` does not have `shape`, naming the field; recursion is safe: the depth is bounded first. */
function problemOf(value: unknown, shape: Shape, path: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof shape === 'string') {
    const problem = scalarRules[shape](value);
    return problem && `${path} ${problem}`;
  }
  if ('list' in shape) {
    if (!Array.isArray(value)) return `${path} must be a list`;
    for (const [index, item] of value.entries()) {
      if (item === null || item === undefined) return `${path}[${index}] must not be null`;
      const problem = problemOf(item, shape.list, `${path}[${index}]`);
      if (problem) return problem;
    }
    return undefined;
  }
  if (!isObject(value)) return `${path || 'the request'} must be an object`;
  for (const [field, fieldShape] of Object.entries(shape.message())) {
    const problem = problemOf(value[field], fieldShape, path ? `${path}.${field}` : field);
    if (problem) return problem;
  }
  return undefined;
}

/** Throws a 400 naming the first field of `request` that is not what OTLP says it is. */
export function checkTraceRequestShape(request: unknown): void {
  if (nestsDeeperThan(request, maxOtlpRequestDepth)) throw newBadRequest(`the request nests deeper than ${maxOtlpRequestDepth} levels`);
  const problem = problemOf(request, traceRequest, '');
  if (problem) throw newBadRequest(`the request is not an ExportTraceServiceRequest: ${problem}`);
}

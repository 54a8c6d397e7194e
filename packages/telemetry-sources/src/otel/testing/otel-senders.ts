/**
 * Operators' traces as the real OpenTelemetry JS SDK sends them: a tracer whose spans leave
 * through the official OTLP/HTTP exporters (protobuf or JSON) to a receiver, and helpers that
 * shape spans the way kube-rs and controller-runtime operators do.
 */
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Span, type Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter as ProtoExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';

export interface Sender {
  readonly tracer: Tracer;
  /** Sends every ended span and waits for the receiver's answer. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Sends to `endpoint` with `token`; without them, wherever the OTEL_EXPORTER_OTLP_* environment variables say. */
export function otlpSender(options: { encoding: 'protobuf' | 'json'; endpoint?: string; token?: string; service: string }): Sender {
  const exporterOptions = options.endpoint ? { url: `${options.endpoint}/v1/traces`, headers: { Authorization: `Bearer ${options.token}` } } : {};
  const exporter = options.encoding === 'protobuf' ? new ProtoExporter(exporterOptions) : new JsonExporter(exporterOptions);
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.service }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 60_000 })],
  });
  return { tracer: provider.getTracer('dojo-test-operator'), flush: () => provider.forceFlush(), close: () => provider.shutdown() };
}

export interface CallShape {
  readonly method: string;
  readonly url: string;
  readonly code: number;
  /** The older semantic conventions (`http.method`, `http.url`, `http.status_code`), as kube-client's trace layer writes them. */
  readonly legacy?: boolean;
}

/** A reconcile span with client-call children, on explicit times (ms since epoch). */
export function traceReconcile(
  tracer: Tracer,
  root: { name: string; attributes: Attributes; start: number; end: number; error?: string },
  calls: readonly CallShape[],
): Span {
  const span = tracer.startSpan(root.name, { attributes: root.attributes, startTime: root.start });
  const context = trace.setSpan(ROOT_CONTEXT, span);
  calls.forEach((call, index) => {
    const start = root.start + 1 + index * 2;
    const attributes: Attributes = call.legacy
      ? { 'http.method': call.method, 'http.url': call.url, 'http.status_code': call.code }
      : { 'http.request.method': call.method, 'url.full': call.url, 'http.response.status_code': call.code };
    const child = tracer.startSpan(
      call.legacy ? call.method.toLowerCase() : `HTTP ${call.method}`,
      { kind: SpanKind.CLIENT, attributes, startTime: start },
      context,
    );
    if (call.code >= 400) child.setStatus({ code: SpanStatusCode.ERROR });
    child.end(start + 1);
  });
  if (root.error) span.setStatus({ code: SpanStatusCode.ERROR, message: root.error });
  span.end(root.end);
  return span;
}

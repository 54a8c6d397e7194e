/**
 * The OpenTelemetry JS SDK's own OTLP/HTTP trace exporter for the chosen protocol: protobuf
 * (`@opentelemetry/exporter-trace-otlp-proto`, the specification's default) or JSON
 * (`@opentelemetry/exporter-trace-otlp-http`). Both retry a failed batch with backoff within
 * `timeoutMs` and then report it failed; neither throws at the caller.
 */
import { OTLPTraceExporter as JsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { OtlpExportOptions } from './otlp-export-config.ts';

export function createOtlpExporter(options: OtlpExportOptions, timeoutMs: number): SpanExporter {
  const config = {
    url: options.url,
    headers: { ...options.headers },
    timeoutMillis: timeoutMs,
    userAgent: 'dojo-console',
  };
  return options.protocol === 'http/json' ? new JsonTraceExporter(config) : new ProtobufTraceExporter(config);
}

/**
 * @dojo/otlp-export — the console's reconciles as OTLP traces, to any collector
 * (`--otlp-endpoint`, docs/opentelemetry.md): every reconcile in the telemetry journal, run by
 * the console's controllers, inferred or received, leaves as a trace of spans through the
 * OpenTelemetry JS SDK's OTLP/HTTP exporter (protobuf or JSON).
 *
 * Promises:
 * - A slow or absent collector never slows a controller: the journal listener only gathers
 *   records; spans are made later, a batch at a time, and the spans waiting are bounded
 *   (export-ledger.ts), every drop counted on /metrics by reason.
 * - Trace and span ids are derived from the reconcile (reconcile-ids.ts), so one reconcile is one
 *   trace however often it is sent.
 * - The SDK is loaded only when asked for: this entry is the settings (flags and OTEL_*
 *   variables, checked); `OtlpExport` itself is `@dojo/otlp-export/exporter`, imported when an
 *   endpoint is given, so every other start stays as quick.
 *
 * Misuse: one OtlpExport per journal; `shutdown()` before the journal goes, or what is queued is lost.
 */
export { OtlpConfigError, otlpProtocols, resolveOtlpExport, type OtlpExportOptions, type OtlpFlags, type OtlpProtocol } from './otlp-export-config.ts';
export type { OtlpExport, OtlpExportDeps } from './otlp-export.ts';

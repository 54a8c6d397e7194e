/**
 * Test helpers for the inputs, for tests of the console that send them: OpenTelemetry SDK
 * senders of traced reconciles, audit event fixtures, and a relay that turns a Dojo API server's
 * request journal into the audit events a real kube-apiserver would post; the vendored OTLP
 * proto definitions and a controller-runtime metrics page, for collectors and endpoints of tests.
 */
export { otlpSender, traceReconcile, type CallShape, type Sender } from '../otel/testing/otel-senders.ts';
export { auditEvent, keepingSink, statusPatchEvent } from '../audit/testing/audit-fixtures.ts';
export { AuditRelay } from '../audit/testing/audit-relay.ts';
export { JournalToAudit, metadataPolicy, microTime, operatorPolicy, type AuditPolicy } from '../audit/testing/journal-to-audit.ts';
export { otlpProtoDir } from '../otel/receive-codec.ts';
export { controllerRuntimeMetricsPath } from '../scrape/testing/controller-runtime-metrics.ts';

/** For tests of the exporter and of the console exporting: reconciles written into a journal, and a collector that decodes what arrives. */
export { appendReconcile, deploymentWeb, dojoWeb, t0, type JournalReconcile } from './journal-reconciles.ts';
export { OtlpCollector, type AttributeValue, type ReceivedRequest, type ReceivedSpan } from './otlp-collector.ts';

/**
 * @dojo/server/testing — what tests outside apps/server (test/, deploy/, e2e/) use to run a
 * console and read what it recorded: `up` options for a test, kubectl with its own cache dir,
 * an external operator process, OTLP senders, a client's journal and RBAC report from a data
 * dir, and the audit webhook's credentials and kubeconfig.
 *
 * Misuse: packages never import this (nobody imports apps/*); product code inside apps/server
 * imports the modules themselves, not this entry.
 */
export { testUpOptions } from './up-options.ts';
export { kubectlFor, type Kubectl } from './kubectl.ts';
export { startExternalProcess, type ExternalProcess } from './external-process.ts';
export { otlpSender, traceReconcile, type CallShape, type Sender } from '@dojo/telemetry-sources/testing';
export { clientJournalRecords } from '@dojo/client-controls';
export { clientRbacFromDataDir } from '@dojo/client-controls';
export { auditWebhookKubeconfig, auditWebhookUrl, loadOrCreateAuditWebhookCredentials } from '../audit/audit-webhook-server.ts';

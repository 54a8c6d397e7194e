/**
 * @dojo/console-live — the cluster as the console's browsers see it, live or at an instant of
 * a recording.
 *
 * Promises:
 * - One surface for any cluster (cluster-transport.ts): requests and streams, asked `at` an
 *   instant; a live cluster has only now, a recording's replay answers as of the instant.
 * - Secret values never reach a browser unless the console was started with
 *   --allow-secret-data (secret-redaction.ts): every answer about Secrets, and every v1 Secret
 *   at any depth of any other answer, has its values replaced; keys are kept.
 * - The controllers are read through one view (controller-view.ts), live or rebuilt.
 */
export type { ClusterTransport, TransportAt } from './cluster-transport.ts';
export type { ControllerView } from './controller-view.ts';
export { lastAppliedAnnotation, redactedValue, redactSecretAnswer, redactSecretResource, redactSecrets, redactSecretsDeep, redactSecretStatus } from './secret-redaction.ts';

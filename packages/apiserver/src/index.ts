/**
 * @dojo/apiserver — an embedded, Kubernetes-compatible API server (envtest-style).
 *
 * Promises:
 * - Speaks the Kubernetes REST protocol over HTTPS with bearer-token auth, closely enough that
 *   kubectl and @kubernetes/client-node cannot tell it from kube-apiserver for the verbs they use.
 * - One global revision counter (etcd-style) in SQLite is every object's resourceVersion; an
 *   acknowledged write is durable (it survives kill -9).
 * - Watches deliver every change in revision order from any revision still in history, and
 *   answer 410 Expired for older ones; a watcher that cannot keep up is closed, never skipped.
 * - Every error is a `Status` with kube-apiserver's code, reason and message text.
 * - Discovery is aggregated (apidiscovery.k8s.io/v2 at /api and /apis, JSON or protobuf, with
 *   ETag/304) for a client that asks for it, and legacy for any other; a CRD appears in both
 *   once served and leaves them when deleted.
 * - Every request and watch is journaled by client (who, what, the answer, the fields a write
 *   changed, the events each watch received) and served to the admin credential as a resumable
 *   stream; a client connected with its own token (`connectClient`) is its own user.
 * - Every request is authorized in one place (http/api-handler.ts): the admin and connected
 *   clients may do anything, except that a connected client never reaches the console's own
 *   credentials (auth/console-credentials.ts); ServiceAccounts (tokens from `serviceaccounts/NAME/token`) get
 *   exactly what kube's RBAC rules grant them, with kube's 403 text. The review kinds
 *   (TokenReview, SelfSubjectReview, (Local|Self)SubjectAccessReview, SelfSubjectRulesReview)
 *   answer from the same authenticator and authorizer, so `kubectl auth can-i` tells the truth.
 * - `pods/log` answers as kube-apiserver and the kubelet do (container choice, `previous`,
 *   `follow`, `tailLines`, `sinceTime`/`sinceSeconds`, `timestamps`, `limitBytes`, their errors)
 *   from a bounded ContainerLogStore that whoever runs the containers writes to
 *   (`ApiServerHandle.writeContainerLogs`; the simulated kubelet on the embedded cluster).
 * - Requests in flight are bounded per client and in all (kube's --max-requests-inflight 400 and
 *   --max-mutating-requests-inflight 200, a quarter of each per client; 429 with Retry-After
 *   beyond); watches and the admin are exempt. Large JSON LISTs are streamed item by item, so
 *   a LIST holds about one object of memory however long it is.
 * - Faults can be injected into a connected client's requests (client-controls/request-faults.ts:
 *   409, 500, 503, 429 with Retry-After, 403, latency, a watch cut, 410 on a watch resume), each
 *   in kube's own words and journaled with the rule that fired; a client without rules pays one
 *   map lookup per request.
 * - A connected client's view can be held (pause, step, breakpoints) and its reads answered
 *   as of an older resourceVersion (pause, the stale-view fault), for that client only and in
 *   memory only (client-controls/, `ApiServerHandle.clientView`); unused, it costs one map
 *   lookup per read.
 * - The data directory is the owner's alone (0700; one open to others is refused unless it is
 *   an empty one of the same user, which is tightened), its databases 0600.
 *
 * Layout: storage/ (revisioned store, watch cache), registry/ (one generic store driven by
 * per-kind strategies, builtin/*-strategy.ts and custom-resource-strategy.ts; each resource's
 * stores in resource-storage.ts, where /status and /finalize are the same store with another
 * strategy), crd/ (schema validation, defaulting, pruning, CEL), http/ (routing, discovery,
 * openapi, tables, patches), logs/ (containers' logs and `pods/log`), client-controls/ (a
 * connected client's held view and stale reads), journal/ (the request journal: every request and watch, by
 * client, streamed at /debug/requests), clients/ (tokens of connected clients), auth/ (users,
 * ServiceAccount tokens, the authorizer chain, the review endpoints), rbac/ (kube's RBAC
 * evaluator, bootstrap roles, ClusterRole aggregation), client-controls/ (faults on connected clients' requests), worker/ (the
 * server on a thread of its own behind an ApiServerHandle, its journal handed over a
 * MessagePort), cli.ts.
 */
export { startApiServer, type ApiServer, type ApiServerOptions } from './api-server.ts';
export type { ApiServerHandle, JournalFollower } from './worker/api-server-handle.ts';
export type { ServerMemory, ThreadApiServerOptions } from './worker/api-server-protocol.ts';
export { parseWebhookServiceKey, parseWebhookServiceUrl } from './admission/webhooks/webhook-service-map.ts';
export { threadMemory } from './worker/thread-memory.ts';
export { startApiServerInProcess, startApiServerThread, type ApiServerThreadOptions, type InProcessApiServer } from './worker/api-server-thread.ts';
export { connectClient, listClients, validateClientName, type ClientCredential } from './clients/client-kubeconfigs.ts';
export { clientServiceAccount, parseServiceAccountRef, type ServiceAccountRef } from './clients/client-service-accounts.ts';
export { clientsDirOf } from './clients/client-kubeconfigs.ts';
export { ruleAllows, type PolicyRule } from './rbac/policy-rule.ts';
export type { RequestAttributes } from './rbac/request-attributes.ts';
export { bootstrapClusterRoleBindings, bootstrapClusterRoles } from './rbac/bootstrap-policy.ts';
export { journalFilesOldestFirst } from './journal/journal-file.ts';
export type { RequestJournal } from './journal/request-journal.ts';
export { RequestFaults, type FaultDecision } from './client-controls/request-faults.ts';
export { ContainerLogStore, type ContainerLogLine, type ContainerLogWrite } from './logs/container-log-store.ts';
export { apiserverUsage, parseApiserverArgs, runApiserver, type ApiserverCliOptions } from './cli.ts';
export { inflightFlagOptions, inflightFlags, inflightFlagsUsage, parseInflightFlags } from './http/inflight-flags.ts';
export { inflightLimitsOf, type InflightLimits } from './http/inflight-limiter.ts';
export { DataDirPermissionError, ensurePrivateDataDir } from './storage/private-data-dir.ts';
// What a recording, an audit import or another TLS endpoint reads of the server's own rules:
// its certificates and kubeconfig, its stored objects, the built-in kinds it serves with their
// columns, the OpenAPI definition names and the field manager kube derives from a user agent.
export {
  createCertificateAuthority,
  createServingCertificate,
  kubeconfigYaml,
  loadOrCreateCredentials,
  writeKubeconfig,
  writeSecretFile,
  type CertificateAndKey,
  type ServerCredentials,
  type ServingNames,
} from './pki.ts';
export { readStoredObjects } from './storage/stored-objects.ts';
export { builtinResources } from './registry/builtin/builtin-resources.ts';
export type { ResourceInfo } from './registry/resource-info.ts';
export { definitionName } from './http/openapi.ts';
export { defaultFieldManager } from './registry/field-tracker.ts';

/**
 * Assembles the embedded API server: credentials, SQLite store, watch cache, the served
 * resources (built-ins plus every stored CRD), and the HTTPS listener on loopback.
 */
import { ContainerLogStore } from './logs/container-log-store.ts';
import { realClock } from './logs/log-clock.ts';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { isAlreadyExists, parseApiVersion, type KubeObject } from '@dojo/kube-api';
import { GroupsAllowedEverything, UnionAuthorizer } from './auth/authorizer.ts';
import { ConsoleCredentialsAuthorizer, consoleCredentialsAdmission } from './auth/console-credentials.ts';
import { reviewEndpoints } from './auth/reviews/review-endpoints.ts';
import { ServiceAccountTokens } from './auth/service-account-tokens.ts';
import { systemMasters } from './auth/user-info.ts';
import { Authenticator, connectedClientsGroup } from './clients/authenticator.ts';
import { clientsDirOf, retargetClients } from './clients/client-kubeconfigs.ts';
import { RequestFaults } from './client-controls/request-faults.ts';
import { RequestJournal } from './journal/request-journal.ts';
import { builtinResources } from './registry/builtin/builtin-resources.ts';
import { pods, secrets, serviceaccounts } from './registry/builtin/core-kinds.ts';
import { admissionChain } from './registry/admission.ts';
import { asyncAdmissionChain } from './admission/async-admission-chain.ts';
import { equivalentResourcesIn } from './admission/matching/equivalent-resources.ts';
import { PolicyAdmission } from './admission/policies/policy-admission.ts';
import { StoredAdmissionPolicies } from './admission/policies/stored-admission-policies.ts';
import { StoredWebhookConfigurations } from './admission/webhooks/stored-webhook-configurations.ts';
import { WebhookAdmission, type WebhookAdmissionOptions } from './admission/webhooks/webhook-admission.ts';
import { WebhookServiceMap } from './admission/webhooks/webhook-service-map.ts';
import { CrdController } from './registry/crd-controller.ts';
import { ensureBootstrapPolicy } from './rbac/bootstrap.ts';
import { ClusterRoleAggregation } from './rbac/cluster-role-aggregation.ts';
import { rbacEscalationAdmission } from './rbac/escalation-admission.ts';
import { RbacAuthorizer } from './rbac/rbac-authorizer.ts';
import { RuleResolver } from './rbac/rule-resolver.ts';
import { StoredRbacPolicy } from './rbac/stored-policy.ts';
import { immortalNamespaces, namespaceLifecycle } from './registry/namespace-lifecycle.ts';
import { defaultIngressClass } from './registry/default-ingress-class.ts';
import { defaultStorageClass } from './registry/default-storage-class.ts';
import { nodeTaintAdmission } from './registry/node-taint-admission.ts';
import { storageProtectionAdmission } from './registry/storage-protection-admission.ts';
import { priorityClassAdmission } from './registry/priority-class-admission.ts';
import { ensureSystemPriorityClasses } from './registry/system-priority-classes.ts';
import { ResourceRegistry } from './registry/resource-registry.ts';
import { ResourceStorages } from './registry/resource-storage.ts';
import { createApiHandler } from './http/api-handler.ts';
import { ClientControls } from './client-controls/client-controls.ts';
import { createManagedFieldsTracker } from './patch/managed-fields-tracker.ts';
import { kubePatchEngine, patchMetaFor } from './patch/patch-engine.ts';
import { defaultWatchSettings, type WatchSettings } from './http/watch-handler.ts';
import { upgradeListener } from './http/watch-websocket.ts';
import { InflightLimiter, type InflightLimits } from './http/inflight-limiter.ts';
import { loadOrCreateCredentials, writeKubeconfig, type ServerCredentials } from './pki.ts';
import { RevisionedStore } from './storage/revisioned-store.ts';
import { WatchCache } from './storage/watch-cache.ts';
import { listSnapshots } from './storage/list-snapshot.ts';
import { ensurePrivateDataDir } from './storage/private-data-dir.ts';

export interface ApiServerOptions {
  dataDir: string;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  historySize?: number;
  watch?: Partial<WatchSettings>;
  /**
   * The request journal (journal/): on by default, in memory and in
   * `<dataDir>/request-journal.jsonl`; `false` turns it off (the bench compares both).
   */
  requestJournal?: boolean | { capacity?: number; maxFileBytes?: number };
  /** Requests served at once, in all and per client (http/inflight-limiter.ts; kube's defaults otherwise). */
  inflight?: Partial<InflightLimits>;
  /** Faults injected into connected clients' requests; absent: a set of its own, empty until rules are added. */
  requestFaults?: RequestFaults;
  /**
   * `false`: requests do not consult the per-client controls (view controls, request faults),
   * the path they took before those existed — the reference `npm run bench -- client-controls`
   * measures unused controls against. Default true.
   */
  clientControls?: boolean;
  /**
   * Admission webhooks (admission/webhooks/), configured as on any cluster by the stored
   * Validating/MutatingWebhookConfigurations: a listener for every call, and the addresses of
   * the Services they name (the embedded cluster has no Service network) when not the data dir's
   * map (`ApiServer.webhookServices`).
   */
  webhooks?: Omit<WebhookAdmissionOptions, 'namespaceLabels' | 'equivalentResources' | 'configurations'>;
}

export interface ApiServer {
  url: string;
  port: number;
  kubeconfigPath: string;
  credentials: ServerCredentials;
  registry: ResourceRegistry;
  /** The stores behind every served resource and subresource. */
  storage: ResourceStorages;
  revisioned: RevisionedStore;
  watchCache: WatchCache;
  /** Who asked what; absent when started with `requestJournal: false`. */
  journal?: RequestJournal;
  /** The containers' logs `pods/log` answers from; whoever runs the containers writes them. */
  containerLogs: ContainerLogStore;
  /** The fault rules in force on connected clients' requests (client-controls/request-faults.ts). */
  requestFaults: RequestFaults;
  /** Connected clients' view controls: pause, step, breakpoints, stale views (client-controls/). */
  clientControls: ClientControls;
  /** Where the Services webhook configurations name answer (`dojo-console webhook map`), kept in the data dir. */
  webhookServices: WebhookServiceMap;
  /** Drops watch history, as an etcd compaction does: older resourceVersions now get 410. */
  compactHistory(): void;
  close(): Promise<void>;
}

async function ensureNamespaces(storage: ResourceStorages, registry: ResourceRegistry): Promise<void> {
  const store = storage.of(registry.lookup('', 'v1', 'namespaces')!).main;
  for (const name of immortalNamespaces) {
    const ns: KubeObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name } };
    const options = { dryRun: false, fieldValidation: 'Ignore', fieldManager: 'kube-apiserver' } as const;
    try {
      await store.create(undefined, ns, options);
    } catch (err) {
      if (!isAlreadyExists(err)) throw err;
      // A data dir from before the name label: the update puts it on.
      const current = store.get(undefined, name);
      if (current.metadata.labels?.['kubernetes.io/metadata.name'] !== name) await store.update(undefined, name, current, options);
    }
  }
}

/** Webhooks reading namespaces' labels and the served versions of each resource from this server. */
function webhookAdmission(
  webhooks: ApiServerOptions['webhooks'],
  services: WebhookServiceMap,
  registry: ResourceRegistry,
  revisioned: RevisionedStore,
): WebhookAdmission {
  return new WebhookAdmission({
    serviceUrls: services,
    ...webhooks,
    configurations: new StoredWebhookConfigurations(revisioned),
    namespaceLabels: (name) => {
      const stored = revisioned.getLatest(registry.lookup('', 'v1', 'namespaces')!.bucket, name);
      return stored ? ((JSON.parse(stored.json) as KubeObject).metadata.labels ?? {}) : undefined;
    },
    equivalentResources: equivalentResourcesIn(registry),
  });
}

export async function startApiServer(options: ApiServerOptions): Promise<ApiServer> {
  // Before anything is written: the directory will hold every Secret (storage/private-data-dir.ts).
  ensurePrivateDataDir(options.dataDir);
  const credentials = loadOrCreateCredentials(options.dataDir);
  const webhookServices = WebhookServiceMap.open(options.dataDir);
  const revisioned = new RevisionedStore(join(options.dataDir, 'state.db'));
  const watchCache = new WatchCache(revisioned, { historySize: options.historySize });
  const registry = new ResourceRegistry();
  registry.add(...builtinResources);
  const fieldTracker = createManagedFieldsTracker((obj) => {
    const { group, version } = parseApiVersion(obj.apiVersion ?? '');
    const info = registry.lookupKind(group, obj.kind ?? '');
    return info ? patchMetaFor({ ...info, version }, obj) : undefined;
  });
  // The admin and connected clients may do anything (least privilege for clients is a later
  // step), except that clients never reach the console's own credentials; everyone else,
  // ServiceAccounts first, gets what RBAC grants.
  const rbacPolicy = new StoredRbacPolicy(revisioned);
  const bucketOf = { secrets: secrets.bucket, serviceaccounts: serviceaccounts.bucket };
  const authorizer = new UnionAuthorizer([
    {
      name: 'console-credentials',
      authorizer: new ConsoleCredentialsAuthorizer((c) => revisioned.get(bucketOf[c.resource], `${c.namespace}/${c.name}`) !== undefined),
    },
    { name: 'privileged', authorizer: new GroupsAllowedEverything([systemMasters]) },
    { name: 'connected-clients', authorizer: new GroupsAllowedEverything([connectedClientsGroup], { listsRules: true }) },
    { name: 'rbac', authorizer: new RbacAuthorizer(rbacPolicy) },
  ]);
  const admission = admissionChain(
    namespaceLifecycle(revisioned),
    priorityClassAdmission(revisioned),
    defaultIngressClass(revisioned),
    defaultStorageClass(revisioned),
    storageProtectionAdmission,
    nodeTaintAdmission,
    rbacEscalationAdmission(authorizer, new RuleResolver(rbacPolicy)),
    consoleCredentialsAdmission(),
  );
  // kube's plugin order: MutatingAdmissionPolicy, MutatingAdmissionWebhook, then the validating two.
  const asyncAdmission = asyncAdmissionChain(
    new PolicyAdmission({
      policies: new StoredAdmissionPolicies(revisioned, registry),
      registry,
      namespace: (name) => {
        const stored = revisioned.getLatest(registry.lookup('', 'v1', 'namespaces')!.bucket, name);
        return stored && (JSON.parse(stored.json) as KubeObject);
      },
      authorizer,
    }),
    webhookAdmission(options.webhooks, webhookServices, registry, revisioned),
  );
  const storage = new ResourceStorages({
    store: revisioned,
    snapshots: listSnapshots(revisioned, watchCache),
    admission,
    fieldTracker,
    asyncAdmission,
  });
  const crds = new CrdController(registry, storage, revisioned);
  crds.start();
  await ensureNamespaces(storage, registry);
  await ensureSystemPriorityClasses(storage, registry);
  await ensureBootstrapPolicy(storage);
  const aggregation = new ClusterRoleAggregation(revisioned, storage);
  aggregation.start();

  const namespacedBuckets = { serviceaccounts: serviceaccounts.bucket, pods: pods.bucket, secrets: secrets.bucket };
  const readObject = (resource: keyof typeof namespacedBuckets, namespace: string, name: string): KubeObject | undefined => {
    const stored = revisioned.get(namespacedBuckets[resource], `${namespace}/${name}`);
    return stored && (JSON.parse(stored.json) as KubeObject);
  };
  const tokens = new ServiceAccountTokens(options.dataDir, (resource, namespace, name) => readObject(resource, namespace, name)?.metadata.uid);
  const authenticator = new Authenticator(credentials.token, clientsDirOf(options.dataDir), tokens);

  const journalOptions = options.requestJournal ?? true;
  const journal =
    journalOptions === false
      ? undefined
      : new RequestJournal({
          dir: options.dataDir,
          ...(typeof journalOptions === 'object' && journalOptions.capacity ? { capacity: journalOptions.capacity } : {}),
          ...(typeof journalOptions === 'object' && journalOptions.maxFileBytes ? { file: { maxBytes: journalOptions.maxFileBytes } } : {}),
        });

  const containerLogs = new ContainerLogStore(realClock);
  const requestFaults =
    options.requestFaults ?? new RequestFaults({ isConnected: (client) => existsSync(join(clientsDirOf(options.dataDir), `${client}.kubeconfig`)) });
  const clientControls = new ClientControls({
    revision: () => revisioned.revision,
    oldestRevision: () => watchCache.oldestResumableRevision,
    onCommit: (listener) => revisioned.onChange(listener),
    isConnected: (client) => authenticator.hasClient(client),
    clock: realClock,
  });
  const consultControls = options.clientControls !== false;
  const handler = createApiHandler({
    ...(consultControls ? { clientControls, requestFaults } : {}),
    registry,
    storage,
    revisioned,
    watchCache,
    watchSettings: { ...defaultWatchSettings, ...options.watch },
    patches: kubePatchEngine,
    authenticator,
    authorizer,
    serviceAccountTokens: tokens,
    createOnly: reviewEndpoints({ authenticator, authorizer, tokens, read: readObject }),
    podLogs: { readPod: (namespace, name) => readObject('pods', namespace, name), logs: containerLogs, now: () => realClock.now() },
    ...(journal ? { journal } : {}),
    journalStream: { maxBufferedBytes: 16 * 1024 * 1024 },
    inflight: new InflightLimiter(options.inflight),
  });
  // Go's http.DefaultMaxHeaderBytes (1 MiB), not Node's 16 KiB: a long bearer token is a 401, not a parse error.
  const server: Server = createServer({ key: credentials.keyPem, cert: credentials.certPem, keepAlive: true, maxHeaderSize: 1 << 20 }, handler);
  // A watch may arrive as a WebSocket upgrade (fabric8 tries that first); it runs through the same handler.
  server.on('upgrade', upgradeListener(handler));
  // Requests Node's HTTP parser refuses still get a Status body, like every other error.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const body = JSON.stringify({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: `malformed HTTP request: ${err.code ?? err.message}`,
      reason: 'BadRequest',
      code: 400,
    });
    socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `https://${host}:${port}`;
  const kubeconfigPath = writeKubeconfig(options.dataDir, url, credentials);
  // Operators connected in an earlier run keep working when the server comes back on another port.
  retargetClients(options.dataDir, url);
  return {
    url,
    port,
    kubeconfigPath,
    credentials,
    registry,
    storage,
    revisioned,
    watchCache,
    containerLogs,
    requestFaults,
    clientControls,
    webhookServices,
    ...(journal ? { journal } : {}),
    compactHistory: () => watchCache.compact(),
    async close() {
      crds.stop();
      clientControls.close();
      aggregation.stop();
      watchCache.closeAll('server shutting down');
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await revisioned.close();
      journal?.close();
    },
  };
}

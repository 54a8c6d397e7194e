/**
 * The seed's Database operator (examples/operators/java-database), written on the Java Operator
 * SDK with fabric8's client underneath, run unmodified as its own JVM with the kubeconfig that
 * `dojo-console connect NAME` writes, against a whole console started the way `npm start` starts
 * it. Everything is asserted through the console's own API (/api/activity, /api/telemetry,
 * /api/requests) and the cluster's: its client card, its watches, the reconciles inferred from
 * its requests and the watch event that caused each, the StatefulSet and Service it owns, its
 * Event, the Database's status, a 409 with the writer that won, and the broken variant's hot loop.
 * How long each took to show is printed at the end. Skipped, saying so, without Maven and a JDK.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient } from '@dojo/apiserver';
import type { ActivitySnapshot, ClientSummary, ReconcileStartRecord, RequestLogPage, RequestRecord, TelemetryPage, TelemetryRecord } from '@dojo/console-protocol';
import { KubeTransport } from '@dojo/runtime';
import { mavenPackage, requireToolchain, type JavaCommand } from '@dojo/toolchains';
import { startExternalProcess, type ExternalProcess } from '@dojo/server/activity/testing/external-process';
import { eventually } from '@dojo/server/activity/testing/observed-server';
import { kubectlFor, type Kubectl } from '@dojo/server/testing/kubectl';
import { testUpOptions } from '@dojo/server/testing/up-options';
import { runUp, type RunningConsole } from '@dojo/server/up';

const suite = 'operators: java-database (Java Operator SDK)';
const tools = requireToolchain('mvn', suite) && requireToolchain('java', suite);
const projectDir = fileURLToPath(new URL('../../examples/operators/java-database/', import.meta.url));

const namespace = 'databases';
const loopNamespace = 'databases-loop';
const databases = (ns: string) => `/apis/stable.imaginedata.com/v1/namespaces/${ns}/databases`;
const database = (name: string, ns: string, port = 5432) => ({
  apiVersion: 'stable.imaginedata.com/v1',
  kind: 'Database',
  metadata: { name, namespace: ns },
  spec: { name: 'name-of-database', port, 'storage-size': '50G', image: 'super-great-docker-image', replicas: 3 },
});

let up: RunningConsole;
let dataDir: string;
let admin: KubeTransport;
let kubectl: Kubectl;
let operatorCommand: JavaCommand;
let firstOperator: ExternalProcess;
const processes: ExternalProcess[] = [];
/** What appeared, and how many ms after the request that caused it. */
const appeared: Record<string, number> = {};
let buildMs = 0;
let createdAt = 0;
let createdRV = '';

async function consoleApi<T>(path: string): Promise<T> {
  const res = await fetch(`${up.console.url.replace(/\/$/, '')}${path}`, { headers: { authorization: `Bearer ${up.token}` } });
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
const snapshot = () => consoleApi<ActivitySnapshot>('/api/activity');
const telemetry = async <T extends TelemetryRecord['type']>(type: T, controller: string) =>
  (await consoleApi<TelemetryPage>(`/api/telemetry?types=${type}&controller=${controller}&limit=50000`)).records as Extract<TelemetryRecord, { type: T }>[];
const kube = async (method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown, contentType?: string) =>
  admin.request({ method, path, ...(body === undefined ? {} : { body: JSON.stringify(body) }), ...(contentType ? { contentType } : {}) });
const bodyOf = (res: { body: unknown }): any => res.body;

/**
 * Reads `read` every 100 ms from now on, in the background, until `done` holds or `timeoutMs`
 * passed; resolves with the value that satisfied it (noting how long after `since` that was) or,
 * at the timeout, with the last value read, for the test's expect to say what is missing. Started
 * together, each thing's latency is its own, not the sum of the tests before it.
 */
function track<T>(label: string, since: number | ((value: T) => number), read: () => Promise<T>, done: (value: T) => unknown, timeoutMs = 60_000): Promise<T> {
  return (async () => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read().catch(() => undefined as T);
      if (value !== undefined && done(value)) {
        appeared[label] ??= Date.now() - (typeof since === 'number' ? since : since(value));
        return value;
      }
      if (Date.now() > deadline) return value;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
}

const webSocketLogger = 'org.slf4j.simpleLogger.log.io.fabric8.kubernetes.client.dsl.internal.WatcherWebSocketListener';

/** `dojo-console connect NAME`, then the operator as its own JVM with that kubeconfig in $KUBECONFIG. */
async function startOperator(name: string, ns: string, ...flags: string[]): Promise<ExternalProcess> {
  const { kubeconfigPath } = connectClient(dataDir, name);
  // fabric8 says at debug level which way each watch went: "WebSocket successfully opened".
  const [java, ...args] = [operatorCommand.command, `-D${webSocketLogger}=debug`, ...operatorCommand.args, '--namespace', ns, ...flags];
  const operator = startExternalProcess(java!, args, { KUBECONFIG: kubeconfigPath }, 'java-database operator started');
  processes.push(operator);
  await operator.ready;
  return operator;
}

/** What the first operator's tests wait for, all tracked from the Database's creation on. */
let tracked: {
  card: Promise<ClientSummary | undefined>;
  watches: Promise<string[]>;
  service: Promise<any>;
  statefulSet: Promise<any>;
  events: Promise<any[]>;
  status: Promise<any>;
  ready: Promise<any>;
  reconcile: Promise<ReconcileStartRecord | undefined>;
};

const getObject = async (path: string) => {
  const res = await kube('GET', path);
  return res.code === 200 ? bodyOf(res) : undefined;
};
const openWatches = async (client: string, ns: string) =>
  ((await snapshot()).watches.find((w) => w.client === client)?.watches ?? [])
    .filter((w) => w.closedAt === undefined && w.namespace === ns)
    .map((w) => w.resource)
    .sort();
const readyCondition = (db: any) => db?.status?.conditions?.find((c: any) => c.type === 'Ready');

beforeAll(async () => {
  if (!tools) return;
  const building = Date.now();
  operatorCommand = await mavenPackage(projectDir, 'java-database-operator');
  buildMs = Date.now() - building;
  dataDir = mkdtempSync(join(tmpdir(), 'dojo-java-database-'));
  up = await runUp(testUpOptions({ dataDir }));
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromFile(up.kubeconfigPath);
  admin = await KubeTransport.fromKubeConfig(kubeConfig, { userAgent: 'kubectl/v1.33.0 (linux/amd64) kubernetes/test' });
  kubectl = kubectlFor(up.kubeconfigPath, join(dataDir, 'kubectl-cache'));
  await kubectl(['apply', '-f', join(projectDir, 'crd.yaml')]);
  await eventually(async () => (await kube('GET', databases('default'))).code === 200, 'the Database CRD to be served');
  for (const ns of [namespace, loopNamespace]) await kube('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });

  const starting = Date.now();
  const card = track('client card', (c) => c!.firstSeen, async () => (await snapshot()).clients.find((c) => c.name === 'db-operator'), Boolean);
  // From the JVM's start: the SDK lists, then watches, each kind as its informer starts.
  const watches = track('watches', starting, () => openWatches('db-operator', namespace), (open) => open.length === 3);
  firstOperator = await startOperator('db-operator', namespace);
  const created = await kube('POST', databases(namespace), database('orders', namespace));
  createdAt = Date.now();
  expect(created.code).toBe(201);
  createdRV = bodyOf(created).metadata.resourceVersion;
  const events = async () => bodyOf(await kube('GET', `/api/v1/namespaces/${namespace}/events`)).items.filter((e: any) => e.involvedObject.kind === 'Database' && e.involvedObject.name === 'orders');
  tracked = {
    card,
    watches,
    service: track('Service', createdAt, () => getObject(`/api/v1/namespaces/${namespace}/services/orders`), Boolean),
    statefulSet: track('StatefulSet', createdAt, () => getObject(`/apis/apps/v1/namespaces/${namespace}/statefulsets/orders`), Boolean),
    events: track('Event', createdAt, events, (list) => list.length > 0),
    status: track('status observedGeneration', createdAt, () => getObject(`${databases(namespace)}/orders`), (db) => db?.status?.observedGeneration === 1),
    ready: track('status Ready=True', createdAt, () => getObject(`${databases(namespace)}/orders`), (db) => readyCondition(db)?.status === 'True', 90_000),
    reconcile: track('inferred reconcile', createdAt, async () => (await telemetry('reconcile-start', 'db-operator')).find((p) => p.triggers.some((t) => t.resourceVersion === createdRV)), Boolean),
  };
}, 20 * 60_000);

afterAll(async () => {
  if (process.env.DEBUG_JAVA_OPERATOR && up) {
    const records = (await consoleApi<RequestLogPage>('/api/requests?limit=10000')).records;
    for (const r of records) if ('user' in r && r.user.startsWith('db-') && r.type === 'request' && r.verb === 'patch') console.log(JSON.stringify(r));
    console.log(JSON.stringify(await getObject(`${databases(namespace)}/orders`), null, 1));
    for (const r of (await consoleApi<TelemetryPage>('/api/telemetry?controller=db-operator&limit=300')).records) console.log('TEL', JSON.stringify(r).slice(0, 700));
    for (const p of processes) console.log(p.output());
  }
  await Promise.all(processes.map((p) => p.stop()));
  admin?.close();
  await up?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (tools) console.log(`[${suite}] build (or cache hit): ${(buildMs / 1000).toFixed(1)} s; appeared after the request that caused it (ms):\n${JSON.stringify(appeared, null, 2)}`);
});

const slow = 120_000;

describe.skipIf(!tools)('the Database operator on the Java Operator SDK, as its own process', () => {
  it('has a client card named after its connect name, with fabric8 as its User-Agent', async () => {
    expect(await tracked.card).toMatchObject({ kind: 'connected', user: 'db-operator', userAgents: expect.arrayContaining([expect.stringMatching(/^fabric8-kubernetes-client\/7\.5\.2/)]) });
  }, slow);

  it('holds its watches on Databases, StatefulSets and Services in its namespace, over WebSocket, after listing each', async () => {
    expect(await tracked.watches).toEqual(['databases', 'services', 'statefulsets']);
    // One WebSocket per watch, and no fallback to a plain HTTP watch.
    expect(firstOperator.output().match(/WatcherWebSocketListener - WebSocket successfully opened/g)?.length).toBeGreaterThanOrEqual(3);
    expect(firstOperator.output()).not.toMatch(/WatchHTTPManager/);
    const lists = (await snapshot()).watches.find((w) => w.client === 'db-operator')!.lists.map((l) => l.resource);
    expect(lists.sort()).toEqual(['databases', 'services', 'statefulsets']);
  }, slow);

  it('creates the Service, owned by the Database', async () => {
    const service = await tracked.service;
    const db = await getObject(`${databases(namespace)}/orders`);
    expect(service?.metadata.ownerReferences).toEqual([{ apiVersion: 'stable.imaginedata.com/v1', kind: 'Database', name: 'orders', uid: db.metadata.uid, controller: true, blockOwnerDeletion: true }]);
    expect(service.spec).toMatchObject({ clusterIP: 'None', ports: [{ name: 'db', port: 5432, targetPort: 5432, protocol: 'TCP' }] });
  }, slow);

  it('creates the StatefulSet with a volume claim of storage-size, the image, replicas and port, owned by the Database', async () => {
    const statefulSet = await tracked.statefulSet;
    expect(statefulSet?.metadata.ownerReferences[0]).toMatchObject({ kind: 'Database', name: 'orders', controller: true });
    expect(statefulSet.spec).toMatchObject({ replicas: 3, serviceName: 'orders', volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { resources: { requests: { storage: '50G' } } } }] });
    expect(statefulSet.spec.template.spec.containers[0]).toMatchObject({ image: 'super-great-docker-image', ports: [{ name: 'db', containerPort: 5432 }] });
  }, slow);

  it('records an Event about the Database', async () => {
    expect((await tracked.events)[0]).toMatchObject({ type: 'Normal', reason: 'Created', source: { component: 'java-database-operator' } });
  }, slow);

  it('writes status through the status subresource with server-side apply: observedGeneration, then Ready once every replica is', async () => {
    const first = await tracked.status;
    expect(first.metadata.managedFields.find((m: any) => m.subresource === 'status')).toMatchObject({ manager: 'database', operation: 'Apply' });
    expect(readyCondition(first)).toMatchObject({ type: 'Ready', reason: expect.not.stringMatching(/^ReconcileError$/) });
    expect(first.status.observedGeneration).toBe(1);
    const ready = await tracked.ready;
    expect(readyCondition(ready)).toMatchObject({ status: 'True', reason: 'AllReplicasReady', message: '3/3 replicas ready' });
    expect(ready.status).toMatchObject({ observedGeneration: 1, readyReplicas: 3 });
  }, slow);

  it('shows its reconciles, inferred from its requests and linked to the watch event that caused them', async () => {
    const pass = await tracked.reconcile;
    expect(pass?.inferred).toMatchObject({ client: 'db-operator', rule: 'same-object-event' });
    expect(pass!.triggers[0]).toMatchObject({ reason: 'watch', event: 'ADDED', kind: 'Database', key: `${namespace}/orders` });
    await tracked.status;
    // One SDK pass may show as more than one inferred pass: an owned object's event that reaches
    // the operator mid-pass starts a new one. Together, up to the first status write, they hold
    // every write of the creation, each pass linked to an event about the Database or what it owns.
    const passes = (await telemetry('reconcile-start', 'db-operator')).filter((p) => p.key === `${namespace}/orders`);
    const calls = await telemetry('api-call', 'db-operator');
    const creation: string[] = [];
    for (const p of passes) {
      expect(p.inferred?.rule).toMatch(/^(same|owned)-object-event$/);
      creation.push(...calls.filter((c) => c.reconcileId === p.reconcileId).map((c) => `${c.verb} ${c.resource} ${c.code}`));
      if (creation.includes('patch databases/status 200')) break;
    }
    expect(creation).toEqual(['create services 201', 'create events 201', 'create statefulsets 201', 'create events 201', 'patch databases/status 200']);
  }, slow);

  it('answers a stale update of its Service with a 409 naming the writer that won', async () => {
    // The operator updates its Service with the resourceVersion from its cache: race it by
    // relabelling the Service while changing the Database's port, until its cache is stale once.
    const started = Date.now();
    const race = async () => {
      const port = 6000 + Math.floor(Math.random() * 1000);
      await Promise.all([
        kube('PATCH', `/api/v1/namespaces/${namespace}/services/orders?fieldManager=kubectl-edit`, { metadata: { labels: { touched: String(port) } } }, 'application/merge-patch+json'),
        kube('PATCH', `${databases(namespace)}/orders?fieldManager=kubectl-edit`, { spec: { port } }, 'application/merge-patch+json'),
      ]);
      await new Promise((r) => setTimeout(r, 300));
      // Its StatefulSet updates may meet the StatefulSet controller's status writes too: the Service's is the one raced here.
      return (await telemetry('conflict', 'db-operator')).find((c) => c.resource === 'services');
    };
    const conflict = await track('409 with its winner', started, race, Boolean);
    expect(conflict).toMatchObject({ resource: 'services', currentManager: 'kubectl-edit', currentClient: 'kubectl' });
    const record = (await consoleApi<RequestLogPage>('/api/requests?client=db-operator&limit=10000')).records.find((r): r is RequestRecord => r.type === 'request' && r.code === 409 && r.resource === 'services');
    expect(record?.conflict?.writer).toMatchObject({ user: 'admin', fieldManager: 'kubectl-edit', source: 'journal' });
  }, slow);

  it('flags the broken variant, which stamps its Ready condition on every pass, as a hot loop naming that field', async () => {
    const operator = await startOperator('db-hot-loop', loopNamespace, '--hot-loop');
    await kube('POST', databases(loopNamespace), database('spinning', loopNamespace));
    const loop = await track('hot loop', Date.now(), async () => (await snapshot()).hotLoops.find((l) => l.writers.includes('db-hot-loop')), Boolean, 30_000);
    expect(loop).toMatchObject({ kind: 'self', writers: ['db-hot-loop'], object: { name: 'spinning', namespace: loopNamespace } });
    // While its Pods become ready, readyReplicas and the message change too; the stamp changes on every write.
    expect(loop!.fieldPaths).toContain('status.conditions[type=Ready].lastTransitionTime');
    await operator.stop();
  }, slow);
});

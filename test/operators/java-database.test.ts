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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientSummary, ReconcileStartRecord } from '@dojo/console-protocol';
import { requireToolchain, type JavaCommand } from '@dojo/toolchains';
import { eventsAbout, FindingTimes, ownerTree, type CoreEvent, type OwnedNode } from './testing/console-view.ts';
import { database, databases, installDatabaseCrd, packageJavaDatabase, startJavaDatabase } from './testing/java-database.ts';
import { startOperatorConsole, type OperatorConsole, type OperatorProcess } from './testing/operator-console.ts';

const suite = 'operators: java-database (Java Operator SDK)';
const tools = requireToolchain('mvn', suite) && requireToolchain('java', suite);

const namespace = 'databases';
const loopNamespace = 'databases-loop';

let view: OperatorConsole;
let operatorCommand: JavaCommand;
let firstOperator: OperatorProcess;
const processes: OperatorProcess[] = [];
const times = new FindingTimes(suite);
let buildMs = 0;
let createdRV = '';

const bodyOf = (res: { body: unknown }): any => res.body;
const getObject = async (path: string) => {
  const res = await view.admin('GET', path);
  return res.code === 200 ? bodyOf(res) : undefined;
};

/**
 * Reads `read` every 100 ms from now on, in the background, until `done` holds or `timeoutMs`
 * passed; resolves with the value that satisfied it (noting when, after the client's first
 * request) or, at the timeout, with the last value read, for the test's expect to say what is
 * missing. Started together, each finding's time is its own, not the sum of the tests before it.
 */
function track<T>(client: string, finding: string, read: () => Promise<T>, done: (value: T) => unknown, timeoutMs = 60_000): Promise<T> {
  return (async () => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read().catch(() => undefined as T);
      if (value !== undefined && done(value)) {
        await times.record(view, client, finding);
        return value;
      }
      if (Date.now() > deadline) return value;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
}

// fabric8 says at debug level which way each watch went: "WebSocket successfully opened".
const webSocketLogger = 'org.slf4j.simpleLogger.log.io.fabric8.kubernetes.client.dsl.internal.WatcherWebSocketListener';

/** `dojo-console connect NAME`, then the operator as its own JVM with that kubeconfig in $KUBECONFIG, once it says it started. */
const startOperator = (name: string, namespace: string, ...flags: string[]): Promise<OperatorProcess> =>
  startJavaDatabase(view, operatorCommand, processes, { name, namespace, jvmFlags: [`-D${webSocketLogger}=debug`], flags });

/** What the first operator's tests wait for, all tracked from its start and the Database's creation on. */
let tracked: {
  card: Promise<ClientSummary | undefined>;
  watches: Promise<string[]>;
  service: Promise<any>;
  statefulSet: Promise<any>;
  ownerTree: Promise<OwnedNode>;
  events: Promise<CoreEvent[]>;
  status: Promise<any>;
  ready: Promise<any>;
  reconcile: Promise<ReconcileStartRecord | undefined>;
};

const openWatches = async (client: string, ns: string) =>
  ((await view.activity()).watches.find((w) => w.client === client)?.watches ?? [])
    .filter((w) => w.closedAt === undefined && w.namespace === ns)
    .map((w) => w.resource)
    .sort();
const readyCondition = (db: any) => db?.status?.conditions?.find((c: any) => c.type === 'Ready');

beforeAll(async () => {
  if (!tools) return;
  const building = Date.now();
  operatorCommand = await packageJavaDatabase();
  buildMs = Date.now() - building;
  view = await startOperatorConsole();
  await installDatabaseCrd(view);
  for (const ns of [namespace, loopNamespace]) await view.admin('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });

  const client = 'db-operator';
  const card = track(client, 'client card', async () => (await view.activity()).clients.find((c) => c.name === client), Boolean);
  // The SDK lists, then watches, each kind as its informer starts.
  const watches = track(
    client,
    'watches on its three kinds',
    () => openWatches(client, namespace),
    (open) => open.length === 3,
  );
  firstOperator = await startOperator(client, namespace);
  const created = await view.admin('POST', databases(namespace), database('orders', namespace));
  expect(created.code).toBe(201);
  const db = bodyOf(created);
  createdRV = db.metadata.resourceVersion;
  const object = (path: string) => () => getObject(path);
  tracked = {
    card,
    watches,
    service: track(client, 'Service', object(`/api/v1/namespaces/${namespace}/services/orders`), Boolean),
    statefulSet: track(client, 'StatefulSet', object(`/apis/apps/v1/namespaces/${namespace}/statefulsets/orders`), Boolean),
    ownerTree: track(
      client,
      'its children in the owner tree',
      () => ownerTree(view, db),
      (tree) => tree.children.length === 2,
    ),
    events: track(
      client,
      'Event',
      () => eventsAbout(view, db),
      (list) => list.length > 0,
    ),
    status: track(client, 'status observedGeneration', object(`${databases(namespace)}/orders`), (d) => d?.status?.observedGeneration === 1),
    ready: track(client, 'status Ready=True', object(`${databases(namespace)}/orders`), (d) => readyCondition(d)?.status === 'True', 90_000),
    reconcile: track(
      client,
      'inferred reconcile of the ADDED Database',
      async () => (await view.telemetry(client, 'reconcile-start')).find((p) => p.triggers.some((t) => t.resourceVersion === createdRV)),
      Boolean,
    ),
  };
}, 20 * 60_000);

afterAll(async () => {
  // DEBUG_JAVA_OPERATOR=1 prints what the operators logged (add JAVA_TOOL_OPTIONS for more of fabric8's debug lines).
  if (process.env.DEBUG_JAVA_OPERATOR) for (const p of processes) console.log(p.output());
  await Promise.all(processes.map((p) => p.stop()));
  await view?.close();
  if (tools) console.log(`[${suite}] mavenPackage: ${(buildMs / 1000).toFixed(1)} s (a first build, or the cache's)`);
  times.print();
});

const slow = 120_000;

describe.skipIf(!tools)('the Database operator on the Java Operator SDK, as its own process', () => {
  it(
    'has a client card named after its connect name, with fabric8 as its User-Agent',
    async () => {
      expect(await tracked.card).toMatchObject({
        kind: 'connected',
        user: 'db-operator',
        userAgents: expect.arrayContaining([expect.stringMatching(/^fabric8-kubernetes-client\/7\.5\.2/)]),
      });
    },
    slow,
  );

  it(
    'holds its watches on Databases, StatefulSets and Services in its namespace, over WebSocket, after listing each',
    async () => {
      expect(await tracked.watches).toEqual(['databases', 'services', 'statefulsets']);
      // One WebSocket per watch, and no fallback to a plain HTTP watch.
      expect(firstOperator.output().match(/WatcherWebSocketListener - WebSocket successfully opened/g)?.length).toBeGreaterThanOrEqual(3);
      expect(firstOperator.output()).not.toMatch(/WatchHTTPManager/);
      const lists = (await view.activity()).watches.find((w) => w.client === 'db-operator')!.lists.map((l) => l.resource);
      expect(lists.sort()).toEqual(['databases', 'services', 'statefulsets']);
    },
    slow,
  );

  it(
    'creates the Service, owned by the Database',
    async () => {
      const service = await tracked.service;
      const db = await getObject(`${databases(namespace)}/orders`);
      expect(service?.metadata.ownerReferences).toEqual([
        { apiVersion: 'stable.imaginedata.com/v1', kind: 'Database', name: 'orders', uid: db.metadata.uid, controller: true, blockOwnerDeletion: true },
      ]);
      expect(service.spec).toMatchObject({ clusterIP: 'None', ports: [{ name: 'db', port: 5432, targetPort: 5432, protocol: 'TCP' }] });
    },
    slow,
  );

  it(
    'creates the StatefulSet with a volume claim of storage-size, the image, replicas and port, owned by the Database',
    async () => {
      const statefulSet = await tracked.statefulSet;
      expect(statefulSet?.metadata.ownerReferences[0]).toMatchObject({ kind: 'Database', name: 'orders', controller: true });
      expect(statefulSet.spec).toMatchObject({
        replicas: 3,
        serviceName: 'orders',
        volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { resources: { requests: { storage: '50G' } } } }],
      });
      expect(statefulSet.spec.template.spec.containers[0]).toMatchObject({ image: 'super-great-docker-image', ports: [{ name: 'db', containerPort: 5432 }] });
    },
    slow,
  );

  it(
    "shows the Service and StatefulSet under the Database in the console's owner tree",
    async () => {
      expect((await tracked.ownerTree).children.map((c) => `${c.kind}/${c.name}`)).toEqual(['Service/orders', 'StatefulSet/orders']);
    },
    slow,
  );

  it(
    'records an Event about the Database',
    async () => {
      expect((await tracked.events)[0]).toMatchObject({ type: 'Normal', reason: 'Created', source: { component: 'java-database-operator' } });
    },
    slow,
  );

  it(
    'writes status: observedGeneration, then Ready once the StatefulSet has every replica ready',
    async () => {
      const first = await tracked.status;
      expect(first.status.observedGeneration).toBe(1);
      expect(readyCondition(first)).toMatchObject({ type: 'Ready', reason: expect.not.stringMatching(/^ReconcileError$/) });
      const ready = await tracked.ready;
      expect(readyCondition(ready)).toMatchObject({ status: 'True', reason: 'AllReplicasReady', message: '3/3 replicas ready' });
      expect(ready.status).toMatchObject({ observedGeneration: 1, readyReplicas: 3 });
    },
    slow,
  );

  it(
    'writes it with server-side apply through the status subresource, which managedFields name',
    async () => {
      const db = await tracked.status;
      // kube-apiserver's field manager stamps the subresource on every entry it writes, Apply included.
      expect(db.metadata.managedFields.filter((m: any) => m.manager === 'database')).toEqual([
        expect.objectContaining({ operation: 'Apply', subresource: 'status' }),
      ]);
    },
    slow,
  );

  it(
    'shows its reconciles, inferred from its requests and linked to the watch event that caused them',
    async () => {
      const pass = await tracked.reconcile;
      expect(pass?.inferred).toMatchObject({ client: 'db-operator', rule: 'same-object-event' });
      // 0.9 when its first request came within 1 s of the event, 0.75 within 3 s: a JVM on a loaded machine may take over a second.
      expect(pass!.inferred!.confidence).toBeGreaterThanOrEqual(0.75);
      expect(pass!.triggers[0]).toMatchObject({ reason: 'watch', event: 'ADDED', kind: 'Database', key: `${namespace}/orders` });
      await tracked.status;
      // One SDK pass may show as more than one inferred pass: an owned object's event that reaches
      // the operator mid-pass starts a new one. Together, up to the first status write, they hold
      // every write of the creation, each pass linked to an event about the Database or what it owns.
      const passes = (await view.telemetry('db-operator', 'reconcile-start')).filter((p) => p.key === `${namespace}/orders`);
      const calls = await view.telemetry('db-operator', 'api-call');
      const creation: string[] = [];
      for (const p of passes) {
        expect(p.inferred?.rule).toMatch(/^(same|owned)-object-event$/);
        creation.push(...calls.filter((c) => c.reconcileId === p.reconcileId).map((c) => `${c.verb} ${c.resource} ${c.code}`));
        if (creation.includes('patch databases/status 200')) break;
      }
      expect(creation).toEqual(['create services 201', 'create events 201', 'create statefulsets 201', 'create events 201', 'patch databases/status 200']);
    },
    slow,
  );

  it(
    'answers a stale update of its Service with a 409 naming the writer that won',
    async () => {
      // The operator updates its Service with the resourceVersion from its cache: race it by
      // relabelling the Service while changing the Database's port, until its cache is stale once.
      const race = async () => {
        const port = 6000 + Math.floor(Math.random() * 1000);
        await Promise.all([
          view.admin(
            'PATCH',
            `/api/v1/namespaces/${namespace}/services/orders?fieldManager=kubectl-edit`,
            { metadata: { labels: { touched: String(port) } } },
            'application/merge-patch+json',
          ),
          view.admin('PATCH', `${databases(namespace)}/orders?fieldManager=kubectl-edit`, { spec: { port } }, 'application/merge-patch+json'),
        ]);
        await new Promise((r) => setTimeout(r, 300));
        // Its StatefulSet updates may meet the StatefulSet controller's status writes too: the Service's is the one raced here.
        return (await view.telemetry('db-operator', 'conflict')).find((c) => c.resource === 'services');
      };
      const conflict = await track('db-operator', '409 with the writer that won', race, Boolean);
      expect(conflict).toMatchObject({ resource: 'services', currentManager: 'kubectl-edit', currentClient: 'kubectl' });
      const record = (await view.requests('db-operator')).find((r) => r.code === 409 && r.resource === 'services');
      expect(record?.conflict?.writer).toMatchObject({ user: 'admin', fieldManager: 'kubectl-edit', source: 'journal' });
    },
    slow,
  );

  it(
    'flags the broken variant, which stamps its Ready condition on every pass, as a hot loop naming that field',
    async () => {
      const operator = await startOperator('db-hot-loop', loopNamespace, '--hot-loop');
      await view.admin('POST', databases(loopNamespace), database('spinning', loopNamespace));
      const loop = await track(
        'db-hot-loop',
        'hot loop',
        async () => (await view.activity()).hotLoops.find((l) => l.writers.includes('db-hot-loop')),
        Boolean,
        30_000,
      );
      expect(loop).toMatchObject({ kind: 'self', writers: ['db-hot-loop'], object: { name: 'spinning', namespace: loopNamespace } });
      // While its Pods become ready, readyReplicas and the message change too; the stamp changes on every write.
      expect(loop!.fieldPaths).toContain('status.conditions[type=Ready].lastTransitionTime');
      await operator.stop();
    },
    slow,
  );
});

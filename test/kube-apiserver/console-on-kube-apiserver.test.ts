/**
 * The console against the real kube-apiserver 1.37 (packages/apiserver's oracle: kube-apiserver
 * with an embedded etcd), as `npm start -- --kubeconfig <kubeconfig> --install-crds
 * --audit-webhook` runs it on a real cluster, kube-apiserver posting its own audit events to the
 * console's webhook:
 *
 * - the Dojo operator reconciles a Dojo there (its Database and Deployment are created), and
 *   with no kubelet and no kube-controller-manager no Pod ever becomes ready: the Dojo's status
 *   and "why is this not ready?" say so;
 * - the same scripted operator (a list+watch, a read, a racing kubectl write, its stale
 *   update's 409, its retry) run against the oracle and against an embedded console shows the
 *   same client, requests, 409 with the same winner, and the same requests inside inferred
 *   reconciles — through audit on one side, the request journal on the other.
 *
 * The console's webhook port, CA and token are made before kube-apiserver starts (its webhook
 * kubeconfig names them); kube-apiserver retries what it posted before the console listened.
 * The webhook is HTTPS: kube-apiserver sends a webhook kubeconfig's token to https servers only.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivitySnapshot, ApiCallRecord, ConflictRecord, Explanation, ReconcileStartRecord, RequestLogPage, TelemetryPage } from '@dojo/console-protocol';
import { databaseCrd } from '@dojo/cluster-sim';
import {
  kubeOracleAvailable,
  kubeOracleBuildTimeoutMs,
  startKubeOracle,
  type KubeOracle,
  kubectlRunner,
  versionedKubectls,
  type KubectlRunner,
} from '@dojo/apiserver/testing';
import { parseCli, type UpOptions, runUp, type RunningConsole } from '@dojo/server';
import { testUpOptions, auditWebhookKubeconfig, auditWebhookUrl, loadOrCreateAuditWebhookCredentials } from '@dojo/server/testing';
import { eventually, freePort } from '../operators/go-operator-console.ts';
import { kubeconfigTarget, ScriptedOperator } from './testing/scripted-operator.ts';

const suite = 'the console against kube-apiserver 1.37 (--kubeconfig --install-crds --audit-webhook)';
const kubectlPath = versionedKubectls().find((k) => k.version === '1.33')?.path;
if (!kubectlPath && process.env.CI === 'true') throw new Error(`[${suite}] kubectl.1.33 not found, and CI=true, where no suite may skip`);
const runnable = kubeOracleAvailable(suite) && kubectlPath !== undefined;

/** Every request at RequestResponse (the console reads written resourceVersions from bodies); Leases are kube-apiserver's own heartbeat. */
const auditPolicy = `apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: [RequestReceived]
rules:
  - level: None
    resources: [{ group: coordination.k8s.io, resources: [leases] }]
  - level: RequestResponse
`;

/** `npm start -- <flags>` as the CLI reads them, on loopback and a free console port in `dataDir`. */
function upOptionsFromFlags(dataDir: string, flags: string[]): UpOptions {
  const parsed = parseCli(['up', ...flags], {});
  if (parsed.name !== 'up') throw new Error(`not an up command: ${flags.join(' ')}`);
  const { host: _host, port: _port, apiserverPort: _apiserverPort, dataDir: _dataDir, ...fromFlags } = parsed.options;
  return testUpOptions({ ...fromFlags, dataDir });
}

interface ConsoleUnderTest {
  name: 'kube-apiserver' | 'embedded';
  running: RunningConsole;
  kubectl: KubectlRunner;
  operator: ScriptedOperator;
  api<T>(path: string): Promise<T>;
}

function consoleUnderTest(name: ConsoleUnderTest['name'], running: RunningConsole): ConsoleUnderTest {
  return {
    name,
    running,
    kubectl: kubectlRunner(running.kubeconfigPath, kubectlPath),
    operator: new ScriptedOperator(kubeconfigTarget(running.kubeconfigPath)),
    api: async <T>(path: string): Promise<T> => {
      const res = await fetch(`${running.console.url}${path.replace(/^\//, '')}`, { headers: { authorization: `Bearer ${running.token}` } });
      if (!res.ok) throw new Error(`${name} console: GET ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
  };
}

async function kubectl(on: ConsoleUnderTest, args: string[], stdin?: string): Promise<string> {
  const result = await on.kubectl.run(args, stdin);
  if (result.code !== 0) throw new Error(`${on.name}: kubectl ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

describe.skipIf(!runnable)(suite, () => {
  let dir: string;
  let oracle: KubeOracle;
  let onOracle: ConsoleUnderTest;
  let onEmbedded: ConsoleUnderTest;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'console-on-kube-apiserver-'));
    const consoleDir = join(dir, 'console');
    mkdirSync(consoleDir, { mode: 0o700 });
    // The webhook's CA, certificate and token are made here as the console makes them on first start, so kube-apiserver is told them first.
    const webhookPort = await freePort();
    const webhookKubeconfig = auditWebhookKubeconfig(auditWebhookUrl('127.0.0.1', webhookPort), loadOrCreateAuditWebhookCredentials(consoleDir, '127.0.0.1'));
    writeFileSync(join(dir, 'audit-webhook.kubeconfig'), webhookKubeconfig);
    writeFileSync(join(dir, 'audit-policy.yaml'), auditPolicy);
    oracle = await startKubeOracle({
      auditWebhookConfigFile: join(dir, 'audit-webhook.kubeconfig'),
      auditPolicyFile: join(dir, 'audit-policy.yaml'),
      // The default batch wait is 30 s; events posted before the console listens are retried after 1 s.
      apiserverArgs: ['--audit-webhook-batch-max-wait=1s', '--audit-webhook-initial-backoff=1s'],
    });
    // A real cluster the Dojo operator runs on has CloudNativePG installed: its Database CRD.
    const created = await oracle.call('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', databaseCrd());
    expect(created.status).toBe(201);
    await eventually(
      () => oracle.call('GET', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/databases.postgresql.cnpg.io'),
      (r) => (r.body?.status?.conditions ?? []).some((c: { type: string; status: string }) => c.type === 'Established' && c.status === 'True'),
      () => 'the Database CRD to be established',
    );
    const [real, embedded] = await Promise.all([
      runUp(
        upOptionsFromFlags(consoleDir, [
          '--kubeconfig',
          oracle.kubeconfigPath,
          '--install-crds',
          '--audit-webhook',
          '--audit-webhook-port',
          String(webhookPort),
          '--operators',
          'dojo',
        ]),
      ),
      runUp(testUpOptions({ dataDir: join(dir, 'embedded') })),
    ]);
    // What kube-apiserver was given is what the console writes for it.
    expect(readFileSync(real.auditWebhook!.kubeconfigPath, 'utf8')).toBe(webhookKubeconfig);
    onOracle = consoleUnderTest('kube-apiserver', real);
    onEmbedded = consoleUnderTest('embedded', embedded);
  }, kubeOracleBuildTimeoutMs + 180_000);

  afterAll(async () => {
    onOracle?.operator.stop();
    onEmbedded?.operator.stop();
    await Promise.all([onOracle?.running.stop(), onEmbedded?.running.stop()]);
    await oracle?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('reconciles a Dojo on the real server: its Database and Deployment are created, and no Pod ever becomes ready', async () => {
    // CloudNativePG would make the credentials Secret; here the test does.
    expect(
      (
        await oracle.call('POST', '/api/v1/namespaces/default/secrets', {
          apiVersion: 'v1',
          kind: 'Secret',
          metadata: { name: 'kata-app' },
          stringData: { username: 'kata', password: 'p' },
        })
      ).status,
    ).toBe(201);
    const dojo = {
      apiVersion: 'core.jutsu.com/v1',
      kind: 'Dojo',
      metadata: { name: 'kata', namespace: 'default' },
      spec: { accountId: 'a', title: 'Kata', credentialsRef: { name: 'kata-app' }, replicas: 2 },
    };
    const created = await oracle.call('POST', '/apis/core.jutsu.com/v1/namespaces/default/dojos', dojo);
    expect(created.status).toBe(201);
    const uid = created.body.metadata.uid as string;
    const controlledByDojo = (o: { metadata: { ownerReferences?: { uid: string; controller?: boolean }[] } }) =>
      o.metadata.ownerReferences?.some((r) => r.uid === uid && r.controller) ?? false;

    const { value: deployments } = await eventually(
      async () => (await oracle.call('GET', '/apis/apps/v1/namespaces/default/deployments')).body.items as any[],
      (items) => items.some(controlledByDojo),
      () => 'the Dojo operator to create its Deployment on kube-apiserver',
      90_000,
    );
    const databases = (await oracle.call('GET', '/apis/postgresql.cnpg.io/v1/namespaces/default/databases')).body.items as any[];
    expect(databases.filter(controlledByDojo).map((d) => d.spec.owner)).toEqual(['kata-app']);
    const deployment = deployments.find(controlledByDojo);
    expect(deployment.spec.replicas).toBe(2);
    // No kube-controller-manager: nothing ever observes the Deployment, so no ReplicaSet and no Pod.
    expect(deployment.status?.observedGeneration).toBeUndefined();
    expect((await oracle.call('GET', '/apis/apps/v1/namespaces/default/replicasets')).body.items).toEqual([]);
    expect((await oracle.call('GET', '/api/v1/namespaces/default/pods')).body.items).toEqual([]);

    const { value: status } = await eventually(
      async () => (await oracle.call('GET', '/apis/core.jutsu.com/v1/namespaces/default/dojos/kata')).body.status,
      (s) => s?.observedGeneration === 1 && (s.conditions ?? []).some((c: { type: string }) => c.type === 'Available'),
      () => 'the Dojo status',
      60_000,
    );
    expect(status).toMatchObject({ readyReplicas: 0, readyStatus: '0/2', credentials: { name: 'kata-app', namespace: 'default' } });
    const condition = (type: string) => status.conditions.find((c: { type: string }) => c.type === type);
    expect(condition('Available')).toMatchObject({ status: 'False', reason: 'NoReplicasAvailable', message: '0/2 replicas available' });
    expect(condition('Degraded')).toMatchObject({ status: 'False' });

    // "Why is this not ready?" names the Deployment that rolls nothing out, and the Dojo's own Available condition.
    const explain = () => onOracle.api<Explanation>(`/api/explain?object=${encodeURIComponent('core.jutsu.com/Dojo/default/kata')}`);
    const titles = (e: Explanation) => e.blockers.map((b) => b.title);
    const { value: explanation } = await eventually(
      explain,
      (e) => titles(e).includes('Available is False: NoReplicasAvailable') && titles(e).some((t) => t.startsWith('Deployment kata:')),
      () => 'the explanation to name the Deployment and the Available condition',
      60_000,
    );
    expect(explanation).toMatchObject({ readiness: 'in-progress', controller: 'dojo' });
    expect(explanation.blockers.find((b) => b.title.startsWith('Deployment kata:'))).toMatchObject({
      title: 'Deployment kata: Not synced by the deployment controller yet (its status is empty)',
      object: { kind: 'Deployment', name: 'kata' },
    });
    expect(explanation.blockers.find((b) => b.title === 'Available is False: NoReplicasAvailable')).toMatchObject({
      severity: 'blocked',
      detail: '0/2 replicas available',
    });

    // Through kube-apiserver's own audit events: the console's Dojo controller wrote there.
    const { value: activity } = await eventually(
      () => onOracle.api<ActivitySnapshot>('/api/activity'),
      (a) => (a.clients.find((c) => c.name === 'dojo')?.totals.writes ?? 0) >= 3,
      () => 'the Dojo controller among the clients kube-apiserver audited',
    );
    expect(activity.feed.state).toBe('live');
    expect(activity.clients.find((c) => c.name === 'dojo')).toMatchObject({ kind: 'embedded', user: 'admin' });
    expect(activity.clients.find((c) => c.name === 'system:apiserver')).toMatchObject({ kind: 'connected' });
  }, 180_000);

  /** The facts a person reads off the console about the scripted operator, with server-specific values (resourceVersions, times) left out. */
  async function factsOf(on: ConsoleUnderTest, readRV: string) {
    const { value: conflicts } = await eventually(
      async () => (await on.api<TelemetryPage>('/api/telemetry?types=conflict&controller=scripted-operator')).records as ConflictRecord[],
      (records) => records.length > 0,
      () => `${on.name}: the scripted operator's 409`,
    );
    // Its last request, the retry, closes the story: wait for it to be inside an inferred reconcile.
    const callsInReconciles = async () =>
      ((await on.api<TelemetryPage>('/api/telemetry?types=api-call&controller=scripted-operator')).records as ApiCallRecord[])
        .filter((c) => c.reconcileId)
        .map((c) => `${c.verb} ${c.resource} ${c.code}`)
        .sort();
    const { value: calls } = await eventually(
      callsInReconciles,
      (c) => c.filter((x) => x.startsWith('update')).length === 2,
      () => `${on.name}: both updates inside inferred reconciles`,
    );
    const activity = await on.api<ActivitySnapshot>('/api/activity');
    const client = (name: string) => {
      const c = activity.clients.find((x) => x.name === name);
      return (
        c && {
          kind: c.kind,
          user: c.user,
          userAgents: c.userAgents,
          fieldManagers: [...c.fieldManagers].sort(),
          requests: c.totals.requests,
          writes: c.totals.writes,
          errors: c.totals.errors,
          conflicts: c.totals.conflicts,
        }
      );
    };
    const requests = (await on.api<RequestLogPage>('/api/requests?client=scripted-operator')).records.flatMap((r) =>
      r.type === 'request' ? [`${r.verb} ${r.resource} ${r.name ?? '*'} ${r.code}`] : [],
    );
    const passes = (await on.api<TelemetryPage>('/api/telemetry?types=reconcile-start&controller=scripted-operator')).records as ReconcileStartRecord[];
    const [conflict] = conflicts;
    return {
      operator: client('scripted-operator'),
      kubectl: client('kubectl'),
      requests,
      conflict: {
        key: conflict!.key,
        resource: conflict!.resource,
        cause: conflict!.cause,
        staleIsWhatItRead: conflict!.staleRV === readRV,
        winner: conflict!.currentManager,
      },
      conflicts: conflicts.length,
      callsInReconciles: calls,
      reconciledKeys: [...new Set(passes.map((p) => p.key))],
      raw: { conflict, passes: passes.map((p) => p.inferred?.rule) },
    };
  }

  it('shows the same scripted operator the same way through audit as through the request journal: client, requests, 409 winner, inferred reconciles', async () => {
    const readRVs = new Map<string, string>();
    for (const on of [onOracle, onEmbedded]) {
      await kubectl(on, ['create', 'namespace', 'ops']);
      const collection = '/api/v1/namespaces/ops/configmaps';
      await on.operator.listAndWatch(collection);
      await kubectl(on, ['create', 'configmap', 'racy', '-n', 'ops', '--from-literal=a=1']);
      await on.operator.event((e) => e.type === 'ADDED' && e.object.metadata.name === 'racy');
      // Its reconcile reads the object, someone else writes it meanwhile, its update of what it read is refused...
      const read = await on.operator.call('GET', `${collection}/racy`);
      readRVs.set(on.name, read.body.metadata.resourceVersion);
      await kubectl(on, ['patch', 'configmap', 'racy', '-n', 'ops', '--type=merge', '-p', '{"data":{"b":"2"}}']);
      const stale = await on.operator.call('PUT', `${collection}/racy`, { ...read.body, data: { ...read.body.data, seen: 'yes' } });
      expect(stale.status).toBe(409);
      // ...and it retries on a fresh read, as controller-runtime's requeue would.
      const fresh = await on.operator.call('GET', `${collection}/racy`);
      const retried = await on.operator.call('PUT', `${collection}/racy`, { ...fresh.body, data: { ...fresh.body.data, seen: 'yes' } });
      expect(retried.status).toBe(200);
    }
    const [throughAudit, throughJournal] = await Promise.all([
      factsOf(onOracle, readRVs.get('kube-apiserver')!),
      factsOf(onEmbedded, readRVs.get('embedded')!),
    ]);
    expect(throughJournal).toMatchObject({
      operator: {
        kind: 'agent',
        user: 'admin',
        userAgents: ['scripted-operator/1.0'],
        fieldManagers: ['scripted-operator'],
        requests: 6,
        writes: 2,
        errors: 0,
        conflicts: 1,
      },
      requests: ['list configmaps * 200', 'get configmaps racy 200', 'update configmaps racy 409', 'get configmaps racy 200', 'update configmaps racy 200'],
      conflict: { key: 'ops/racy', resource: 'configmaps', staleIsWhatItRead: true, winner: 'kubectl-patch' },
      conflicts: 1,
      reconciledKeys: ['ops/racy'],
    });
    expect(throughJournal.callsInReconciles).toEqual(expect.arrayContaining(['update configmaps 200', 'update configmaps 409']));
    const { raw: auditRaw, ...auditFacts } = throughAudit;
    const { raw: journalRaw, ...journalFacts } = throughJournal;
    expect(auditFacts).toEqual(journalFacts);
    // How each knows the winner: the journal saw kubectl write it; audit infers it from managedFields.
    expect(journalRaw.conflict).toMatchObject({ currentClient: 'kubectl' });
    expect(journalRaw.conflict!.currentWriterFrom).toBeUndefined();
    expect(auditRaw.conflict).toMatchObject({ currentWriterFrom: 'managedFields' });
    // Audit never shows watch deliveries: its reconciles are inferred without an event as trigger.
    expect(auditRaw.passes.every((rule) => rule !== 'same-object-event' && rule !== 'owned-object-event')).toBe(true);
    expect(journalRaw.passes).toContain('same-object-event');
  }, 120_000);
});

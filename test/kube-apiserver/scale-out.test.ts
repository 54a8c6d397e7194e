/**
 * Scale-out as deployed, against the real kube-apiserver 1.37: deploy/'s kustomize base applied
 * (its Namespace, ServiceAccount, RBAC and the operator's CRDs; not the Deployment and Service,
 * which need a kubelet), and two replicas of its Deployment run as processes that see what their
 * Pods would (console-pod.ts). One leads and reconciles, both serve the UI, a kill -9 of the
 * leader hands the Lease over within its duration, a SIGTERM (a rollout, with a third, surge
 * replica) at once, kube-apiserver's audit log refuses none of their requests, and no reconcile
 * runs twice: the server's own watch sees every owned object created once, and no leader's
 * passes overlap the next one's.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import type { ApiCallRecord, ReconcileEndRecord, ReconcileStartRecord } from '@dojo/console-protocol';
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
import { startConsolePod, type ConsolePod, type PodTemplate } from './testing/console-pod.ts';
import { recordWatch, type WatchRecord } from './testing/watch-record.ts';

const suite = 'scale-out: deploy/ on kube-apiserver 1.37';
const deployDir = fileURLToPath(new URL('../../deploy', import.meta.url));
const namespace = 'dojo-console';
const serviceAccountUser = `system:serviceaccount:${namespace}:dojo-console`;
const leasePath = `/apis/coordination.k8s.io/v1/namespaces/${namespace}/leases/dojo-console-leader`;
// The runtime's defaults (controller-runtime's): 15 s lease, 2 s retry period, and client-go's
// jitter: a candidate waits retryPeriod * (1 + 1.2 * random) between attempts.
const leaseDurationMs = 15_000;
const longestRetryWaitMs = 2_000 * 2.2;
/** Two shared cores: a timer may fire this much late without the hand-over being wrong. */
const loadAllowanceMs = 3_000;

/** kubectl 1.33, the newest shipped here; under CI=true its absence fails instead of skipping. */
function kubectl133(): string | undefined {
  const found = versionedKubectls().find((k) => k.version === '1.33')?.path;
  if (!found && process.env.CI === 'true') throw new Error(`[${suite}] kubectl.1.33 not found, and CI=true, where no suite may skip`);
  return found;
}

const kubectlPath = kubectl133();
const runnable = kubeOracleAvailable(suite) && kubectlPath !== undefined;

interface Session {
  cluster: { mode: string; server: string; pod?: { namespace: string; name: string } };
  leader: { identity: string; isLeader: boolean; holder: string };
}

/** The fields of an audit.k8s.io/v1 Event this test reads. */
interface AuditEvent {
  verb: string;
  requestURI: string;
  user: { username: string; extra?: Record<string, string[]> };
  objectRef?: { resource?: string };
  responseStatus: { code: number };
}

interface Lease {
  spec: { holderIdentity?: string; leaseDurationSeconds?: number; acquireTime?: string; renewTime?: string; leaseTransitions?: number };
}

type PassRecord = ReconcileStartRecord | ReconcileEndRecord;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await sleep(200);
  }
}

async function json<T>(pod: ConsolePod, path: string): Promise<T> {
  const res = await pod.get(path);
  if (!res.ok) throw new Error(`${pod.name} GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const session = (pod: ConsolePod) => json<Session>(pod, '/api/session');

/** The Dojo controller's passes this replica ran (its journal), start and end. */
const passes = async (pod: ConsolePod) =>
  (await json<{ records: PassRecord[] }>(pod, '/api/telemetry?types=reconcile-start,reconcile-end&controller=dojo&limit=5000')).records;

/** Every request this replica's client made, as the console journals it. */
const apiCalls = async (pod: ConsolePod) => (await json<{ records: ApiCallRecord[] }>(pod, '/api/telemetry?types=api-call&limit=5000')).records;

/**
 * What this replica's client created, as "resource/name": the calls the server answered 201
 * Created (a create, or a server-side apply that found nothing to patch).
 */
const creations = async (pod: ConsolePod) => (await apiCalls(pod)).filter((r) => r.code === 201).map((r) => `${r.resource}/${r.name ?? r.object?.name}`);

function dojo(name: string) {
  return {
    apiVersion: 'core.jutsu.com/v1',
    kind: 'Dojo',
    metadata: { name, namespace: 'default' },
    spec: { accountId: 'a', title: `Dojo ${name}`, credentialsRef: { name: `${name}-app` }, replicas: 1 },
  };
}

function credentials(name: string) {
  const data = { host: 'pg', port: '5432', dbname: name, username: name, password: 'secret', uri: `postgres://${name}@pg/${name}` };
  return { apiVersion: 'v1', kind: 'Secret', metadata: { name: `${name}-app`, namespace: 'default' }, stringData: data };
}

describe.skipIf(!runnable)(suite, () => {
  const consoleToken = randomBytes(32).toString('hex');
  let dir: string;
  let auditLog: string;
  let oracle: KubeOracle;
  let kubectl: KubectlRunner;
  let template: PodTemplate;
  let deployments: WatchRecord;
  let databases: WatchRecord;
  const pods: ConsolePod[] = [];
  let leader: ConsolePod;
  let follower: ConsolePod;
  let leaderPasses: PassRecord[];
  let leaderCreations: string[];
  let takenLease: Lease;
  let survivorPasses: PassRecord[];
  let survivorCreations: string[];
  let surgePasses: PassRecord[];
  let surgeCreations: string[];
  let surgeTakenAt: number;

  const ok = async (args: string[], stdin?: string) => {
    const result = await kubectl.run(args, stdin);
    if (result.code !== 0) throw new Error(`kubectl ${args.join(' ')}: ${result.stderr}`);
    return result.stdout;
  };
  const lease = async () => (await oracle.call('GET', leasePath)).body as Lease;
  const exists = async (path: string) => (await oracle.call('GET', path)).status === 200;
  /** Starts a replica and keeps it for afterAll as soon as it runs. */
  const startReplica = async (suffix: string) => {
    const name = `dojo-console-5c8f7d-${suffix}`;
    const pod = await startConsolePod({
      oracle,
      namespace,
      template,
      name,
      dir: join(dir, name),
      secrets: { 'dojo-console-token': { token: consoleToken } },
      consoleToken,
    });
    pods.push(pod);
    return pod;
  };
  const createDojo = async (name: string) => {
    for (const object of [credentials(name), dojo(name)]) await ok(['create', '-f', '-'], JSON.stringify(object));
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'scale-out-'));
    auditLog = join(dir, 'audit.log');
    // kube-apiserver's own record of every request the ServiceAccount makes (and only those).
    const policy = join(dir, 'audit-policy.yaml');
    writeFileSync(
      policy,
      JSON.stringify({
        apiVersion: 'audit.k8s.io/v1',
        kind: 'Policy',
        omitStages: ['RequestReceived'],
        rules: [{ level: 'Metadata', users: [serviceAccountUser] }, { level: 'None' }],
      }),
    );
    oracle = await startKubeOracle({ auditPolicyFile: policy, apiserverArgs: [`--audit-log-path=${auditLog}`] });
    kubectl = kubectlRunner(oracle.kubeconfigPath, kubectlPath);
    // deploy/ as kubectl renders it, minus what only a kubelet can run.
    const rendered = parseAllDocuments(await ok(['kustomize', deployDir])).map((d) => d.toJS() as { kind: string; spec: { template: PodTemplate } });
    template = rendered.find((o) => o.kind === 'Deployment')!.spec.template;
    const applied = join(dir, 'base-without-workloads.yaml');
    writeFileSync(
      applied,
      rendered
        .filter((o) => o.kind !== 'Deployment' && o.kind !== 'Service')
        .map((o) => JSON.stringify(o))
        .join('\n'),
    );
    await ok(['apply', '--server-side', '-f', applied]);
    // CloudNativePG's Database kind, which the Dojo controller creates and watches.
    await ok(['apply', '--server-side', '-f', '-'], JSON.stringify(databaseCrd()));
    await ok(['wait', '--for=condition=Established', '--timeout=60s', 'crd/dojos.core.jutsu.com', 'crd/databases.postgresql.cnpg.io']);
    // The Secret deploy/README.md asks for: one console token for both replicas.
    await ok(['-n', namespace, 'create', 'secret', 'generic', 'dojo-console-token', `--from-literal=token=${consoleToken}`]);
    // The server's own account of what is created, from before any console runs.
    [deployments, databases] = await Promise.all([
      recordWatch(oracle, '/apis/apps/v1/namespaces/default/deployments'),
      recordWatch(oracle, '/apis/postgresql.cnpg.io/v1/namespaces/default/databases'),
    ]);
    // Two replicas, started together as a Deployment's are.
    await Promise.all(['a', 'b'].map(startReplica));
  }, kubeOracleBuildTimeoutMs + 300_000);

  afterAll(async () => {
    deployments?.stop();
    databases?.stop();
    await Promise.all(pods.map((p) => p.kill()));
    await oracle?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("elects one leader: the Lease in the console's namespace names it, and both replicas say so", async () => {
    await until(
      'one replica leads and both name it',
      async () => {
        const [a, b] = await Promise.all(pods.map(session));
        if (a!.leader.isLeader === b!.leader.isLeader || a!.leader.holder !== b!.leader.holder) return false;
        [leader, follower] = a!.leader.isLeader ? [pods[0]!, pods[1]!] : [pods[1]!, pods[0]!];
        return true;
      },
      60_000,
    );
    const [ours, theirs] = [await session(leader), await session(follower)];
    expect(ours.leader.identity).not.toBe(theirs.leader.identity);
    expect(theirs.leader.holder).toBe(ours.leader.identity);
    const held = await lease();
    expect(held.spec).toMatchObject({ holderIdentity: ours.leader.identity, leaseDurationSeconds: leaseDurationMs / 1000 });
  }, 90_000);

  it("serves the UI on both replicas: live and ready to the Deployment's probes, the API to a logged-in user only", async () => {
    for (const pod of pods) {
      // The Service routes to a replica only while its readinessProbe (/readyz) passes: the follower too.
      expect((await fetch(`${pod.base}/healthz`)).status).toBe(200);
      expect((await fetch(`${pod.base}/readyz`)).status).toBe(200);
      expect((await fetch(`${pod.base}/api/session`)).status).toBe(401);
      const { cluster } = await session(pod);
      expect(cluster).toMatchObject({ mode: 'in-cluster', server: `https://${oracle.host}:${oracle.port}/`, pod: { namespace, name: pod.name } });
      // The replica reads the cluster as its ServiceAccount: the operator's kinds through its own informers.
      const dojos = await pod.get('/api/kube/apis/core.jutsu.com/v1/dojos');
      expect(dojos.status, await dojos.clone().text()).toBe(200);
    }
  }, 60_000);

  it("reconciles on the leader only: a Dojo's Deployment and Database appear on kube-apiserver", async () => {
    await createDojo('before-kill');
    await until(
      'the leader created the Database and the Deployment of default/before-kill',
      async () =>
        (await exists('/apis/postgresql.cnpg.io/v1/namespaces/default/databases/before-kill')) &&
        (await exists('/apis/apps/v1/namespaces/default/deployments/before-kill')),
      60_000,
    );
    // Time for a wrongly running follower to show itself.
    await sleep(longestRetryWaitMs);
    expect(await passes(follower)).toEqual([]);
    expect(await creations(follower)).toEqual([]);
  }, 90_000);

  it('hands the Lease to the other replica within the lease duration after a kill -9 of the leader, which then reconciles', async () => {
    const held = await lease();
    leaderPasses = await passes(leader);
    leaderCreations = await creations(leader);
    const followerId = (await session(follower)).leader.identity;
    await leader.kill();
    const lastRenewal = Date.parse((await lease()).spec.renewTime!);
    await createDojo('after-kill');

    await until(
      'the follower leads',
      async () => {
        if ((await session(follower)).leader.isLeader) return true;
        // Until it leads, it must not reconcile anything.
        expect(await passes(follower)).toEqual([]);
        return false;
      },
      leaseDurationMs + 6 * longestRetryWaitMs + 30_000,
    );
    takenLease = await lease();
    expect(takenLease.spec.holderIdentity).toBe(followerId);
    expect(takenLease.spec.leaseTransitions).toBe((held.spec.leaseTransitions ?? 0) + 1);
    // From the Lease's own times: never before the lease ran out, and at most two retry waits
    // after (the survivor sees the last renewal within one retry wait and tries again within
    // another once the lease has run out), plus what a loaded machine adds to its timers.
    const handOverMs = Date.parse(takenLease.spec.acquireTime!) - lastRenewal;
    expect(handOverMs).toBeGreaterThanOrEqual(leaseDurationMs - 500);
    expect(handOverMs).toBeLessThanOrEqual(leaseDurationMs + 2 * longestRetryWaitMs + loadAllowanceMs);
    console.info(`[${suite}] lease handed over ${handOverMs} ms after the dead leader's last renewal (lease ${leaseDurationMs} ms)`);

    await until(
      'the new leader created the Database and the Deployment of default/after-kill',
      async () =>
        (await exists('/apis/postgresql.cnpg.io/v1/namespaces/default/databases/after-kill')) &&
        (await exists('/apis/apps/v1/namespaces/default/deployments/after-kill')),
      60_000,
    );
  }, 120_000);

  it('hands the Lease over at once when the leader is stopped with SIGTERM, as a rollout stops a Pod', async () => {
    // A rollout's surge replica (maxSurge: 1) joins and sees the leader.
    const surge = await startReplica('c');
    const leaderId = (await session(follower)).leader.identity;
    await until('the surge replica names the leader', async () => (await session(surge)).leader.holder === leaderId, 30_000);
    survivorPasses = await passes(follower);
    survivorCreations = await creations(follower);
    const held = await lease();
    const stoppedAt = Date.now();
    await follower.stop();
    // The stopped leader released the Lease (nobody holds it, for one second), unless the surge
    // replica was quicker than this read.
    const released = await lease();
    if (released.spec.holderIdentity === '') expect(released.spec.leaseDurationSeconds).toBe(1);
    await createDojo('after-stop');

    await until('the surge replica leads', async () => (await session(surge)).leader.isLeader, leaseDurationMs);
    const handOverMs = Date.now() - stoppedAt;
    const taken = await lease();
    expect(taken.spec.holderIdentity).toBe((await session(surge)).leader.identity);
    expect(taken.spec.leaseTransitions).toBe((held.spec.leaseTransitions ?? 0) + 1);
    // Without waiting out the 15 s lease (which, renewed at most a retry period before the stop,
    // would hold it 13 s at least): the released one lasts 1 s, and the candidate retries within one retry wait.
    expect(handOverMs).toBeLessThan(10_000);
    console.info(`[${suite}] lease handed over ${handOverMs} ms after SIGTERM of the leader`);
    await until(
      'the surge replica created the Database and the Deployment of default/after-stop',
      async () =>
        (await exists('/apis/postgresql.cnpg.io/v1/namespaces/default/databases/after-stop')) &&
        (await exists('/apis/apps/v1/namespaces/default/deployments/after-stop')),
      60_000,
    );
    surgePasses = await passes(surge);
    surgeCreations = await creations(surge);
    surgeTakenAt = Date.parse(taken.spec.acquireTime!);
  }, 180_000);

  it("needs no permission beyond deploy/'s RBAC: kube-apiserver's audit log shows every request of every replica as its Pod's ServiceAccount, and none refused", () => {
    const events = readFileSync(auditLog, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as AuditEvent);
    const ours = events.filter((e) => e.user.username === serviceAccountUser);
    // Not only the reconcilers' writes (which the console journals) but informers' lists and
    // watches, leader election, Events and the UI's reads: everything the process sent.
    const seen = new Set(ours.map((e) => `${e.verb} ${e.objectRef?.resource}`));
    for (const expected of ['list dojos', 'watch dojos', 'get leases', 'update leases', 'create deployments', 'create databases'])
      expect(seen).toContain(expected);
    // The token is the one bound to each replica's Pod, as the kubelet's projected volume holds.
    expect(new Set(ours.map((e) => e.user.extra?.['authentication.kubernetes.io/pod-name']?.[0]))).toEqual(new Set(pods.map((p) => p.name)));
    const refused = ours.filter((e) => e.responseStatus.code === 401 || e.responseStatus.code === 403);
    expect(refused.map((e) => `${e.responseStatus.code} ${e.verb} ${e.requestURI}`)).toEqual([]);
    console.info(`[${suite}] ${ours.length} requests of the ServiceAccount audited, none refused`);
  });

  it("runs no reconcile twice: each owned object is created once, and no leader's passes overlap the next one's", () => {
    const dojos = ['before-kill', 'after-kill', 'after-stop'];
    for (const name of dojos) {
      expect(deployments.lifecycle(name), `Deployment ${name}`).toEqual({ added: 1, deleted: 0 });
      expect(databases.lifecycle(name), `Database ${name}`).toEqual({ added: 1, deleted: 0 });
    }
    // The clients' side agrees: across the replicas, one accepted create of each.
    const owned = (list: string[]) => list.filter((c) => /^(deployments\.apps|databases\.postgresql\.cnpg\.io)\//.test(c)).sort();
    expect(owned([...leaderCreations, ...survivorCreations, ...surgeCreations])).toEqual(
      dojos.flatMap((d) => [`databases.postgresql.cnpg.io/${d}`, `deployments.apps/${d}`]).sort(),
    );
    expect(owned(leaderCreations)).toEqual(['databases.postgresql.cnpg.io/before-kill', 'deployments.apps/before-kill']);

    // The leaders in turn: each one's passes began after it took the Lease (it stamps
    // acquireTime itself, before its write), and after every pass of the one before had ended.
    const terms = [
      { passes: leaderPasses, takenAt: -Infinity },
      { passes: survivorPasses, takenAt: Date.parse(takenLease.spec.acquireTime!) },
      { passes: surgePasses, takenAt: surgeTakenAt },
    ];
    for (const [before, after] of terms.slice(0, -1).map((t, i) => [t, terms[i + 1]!] as const)) {
      expect(after.passes.length).toBeGreaterThan(0);
      expect(after.passes.filter((r) => r.time < after.takenAt)).toEqual([]);
      expect(before.passes.filter((r) => r.time >= after.takenAt)).toEqual([]);
      expect(Math.max(...before.passes.map((r) => r.time))).toBeLessThan(Math.min(...after.passes.map((r) => r.time)));
    }
  });
});

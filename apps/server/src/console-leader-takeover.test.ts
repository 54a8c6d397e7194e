/**
 * Two consoles with --leader-elect on one cluster (an API server started on its own, as a
 * remote cluster would be): only the holder of the Lease reconciles, both name the same
 * leader, and after a kill -9 of the leader the other takes the Lease once it has expired and
 * reconciles what was created in the meantime. The runtime's defaults are in force
 * (controller-runtime's: 15 s lease, 10 s renew deadline, 2 s retry period).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '@dojo/apiserver';
import { databaseCrd } from '@dojo/cluster-sim';
import { kubectlFor } from './testing/kubectl.ts';
import { spawnConsole, type ConsoleProcess } from './testing/console-process.ts';
import { dojoManifest } from './testing/fault-manifests.ts';

const leaseDurationMs = 15_000;
const retryPeriodMs = 2_000;
// A candidate waits retryPeriod * (1 + 1.2 * random) between attempts (client-go's jitter).
const longestRetryWaitMs = retryPeriodMs * 2.2;

const dir = mkdtempSync(join(tmpdir(), 'dojo-leader-takeover-'));
let cluster: ApiServer;
let kubectl: ReturnType<typeof kubectlFor>;
const consoles: ConsoleProcess[] = [];

beforeAll(async () => {
  cluster = await startApiServer({ dataDir: join(dir, 'cluster') });
  kubectl = kubectlFor(cluster.kubeconfigPath, join(dir, 'kubectl-cache'));
  // A cluster the Dojo operator runs on has CloudNativePG: its informers list Databases.
  await kubectl(['apply', '-f', '-'], JSON.stringify(databaseCrd()));
  await kubectl(['wait', '--for=condition=Established', 'crd/databases.postgresql.cnpg.io', '--timeout=30s']);
}, 60_000);

afterAll(async () => {
  for (const p of consoles) await p.kill();
  await cluster?.close();
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Session {
  leader: { identity: string; isLeader: boolean; holder: string };
}

interface Lease {
  metadata: { resourceVersion: string };
  spec: { holderIdentity?: string; leaseDurationSeconds?: number; acquireTime?: string; renewTime?: string; leaseTransitions?: number };
}

const session = async (p: ConsoleProcess) => (await p.get('/api/session')) as Session;

/** Reconciles this console's controllers have run, all of them together. */
async function reconciles(p: ConsoleProcess): Promise<number> {
  const { controllers } = (await p.get('/api/controllers')) as { controllers: { counts: { reconciles: number } }[] };
  return controllers.reduce((n, c) => n + c.counts.reconciles, 0);
}

/** Keys this console's dojo controller finished reconciling, from its journal. */
async function reconciledDojos(p: ConsoleProcess): Promise<string[]> {
  const { records } = (await p.get('/api/telemetry?types=reconcile-end&controller=dojo&limit=5000')) as { records: { key: string }[] };
  return [...new Set(records.map((r) => r.key))];
}

const lease = async () => JSON.parse(await kubectl(['get', 'lease', 'dojo-console-leader', '-n', 'default', '-o', 'json'])) as Lease;

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await sleep(100);
  }
}

describe('two consoles on one cluster with --leader-elect', () => {
  it('lets only the leader reconcile, and after kill -9 of the leader the other takes over once the lease expires', async () => {
    const args = ['--kubeconfig', cluster.kubeconfigPath, '--install-crds', '--leader-elect', '--operators', 'dojo'];
    // Started together, as the replicas of a Deployment are; each is kept for afterAll as soon as it runs.
    await Promise.all(['a', 'b'].map(async (name) => consoles.push(await spawnConsole(join(dir, name), 90_000, args))));

    // Both campaign at once; one wins, and both say so.
    let leader!: ConsoleProcess;
    let follower!: ConsoleProcess;
    await until(
      'one console leads and both name it',
      async () => {
        const [a, b] = await Promise.all(consoles.map(session));
        if (a!.leader.isLeader === b!.leader.isLeader || a!.leader.holder !== b!.leader.holder) return false;
        [leader, follower] = a!.leader.isLeader ? [consoles[0]!, consoles[1]!] : [consoles[1]!, consoles[0]!];
        return true;
      },
      30_000,
    );
    const leaderId = (await session(leader)).leader.identity;
    const followerId = (await session(follower)).leader.identity;
    expect(leaderId).not.toBe(followerId);
    expect((await session(follower)).leader.holder).toBe(leaderId);
    const held = await lease();
    expect(held.spec.holderIdentity).toBe(leaderId);
    expect(held.spec.leaseDurationSeconds).toBe(leaseDurationMs / 1000);

    await kubectl(['create', '-f', '-'], dojoManifest('before-kill'));
    await until('the leader reconciled default/before-kill', async () => (await reconciledDojos(leader)).includes('default/before-kill'), 20_000);
    // Give a wrongly running follower time to show itself.
    await sleep(retryPeriodMs);
    expect(await reconciles(follower)).toBe(0);
    expect(await reconciledDojos(follower)).toEqual([]);

    const killedAt = Date.now();
    await leader.kill();
    const lastRenewal = Date.parse((await lease()).spec.renewTime!);
    await kubectl(['create', '-f', '-'], dojoManifest('after-kill'));

    // Until the follower leads, it must not reconcile anything. The count is read before the
    // leadership: read after it, a follower that took the lease between the two answers would
    // have reconciled as the leader it had just become (a loaded CI machine showed that).
    await until(
      'the follower leads',
      async () => {
        const reconciledSoFar = await reconciles(follower);
        if ((await session(follower)).leader.isLeader) return true;
        expect(reconciledSoFar).toBe(0);
        return false;
      },
      leaseDurationMs + 3 * longestRetryWaitMs,
    );
    const takeoverMs = Date.now() - killedAt;
    await until('the new leader reconciled default/after-kill', async () => (await reconciledDojos(follower)).includes('default/after-kill'), 20_000);

    const taken = await lease();
    expect(taken.spec.holderIdentity).toBe(followerId);
    expect(taken.spec.leaseTransitions).toBe((held.spec.leaseTransitions ?? 0) + 1);
    expect((await session(follower)).leader).toEqual({ identity: followerId, isLeader: true, holder: followerId });
    // Never early: the survivor waits out a whole lease from the last renewal it saw...
    expect(Date.parse(taken.spec.acquireTime!) - lastRenewal).toBeGreaterThanOrEqual(leaseDurationMs - 500);
    // ...and is never much later: it sees the last renewal within one retry wait, and tries
    // again within one more once the lease has run out.
    expect(takeoverMs).toBeLessThanOrEqual(leaseDurationMs + 2 * longestRetryWaitMs);
    console.info(`leader takeover ${takeoverMs} ms after kill -9 (lease ${leaseDurationMs} ms, retry ${retryPeriodMs} ms)`);
  }, 150_000);
});

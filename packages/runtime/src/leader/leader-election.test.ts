import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ControllerBuilder } from '../builder/controller-builder.ts';
import { KubeClient } from '../client/kube-client.ts';
import { builtinTypes } from '../client/resource-type.ts';
import { Manager, type LeaderElectionOptions } from '../manager/manager.ts';
import { configMap } from '../testing/fixtures.ts';
import { startTestApiServer, type TestApiServer } from '@dojo/envtest';
import type { Lease } from './lease-lock.ts';

const { configMaps, leases, namespaces } = builtinTypes;
// Short versions of controller-runtime's 15 s / 10 s / 2 s, same proportions.
const timing = { leaseDurationMs: 2_000, renewDeadlineMs: 1_500, retryPeriodMs: 300 };
// A candidate polls every retryPeriod * (1 + 1.2 * random), so it notices an expired lease up to
// one such period late.
const takeoverBoundMs = timing.leaseDurationMs + timing.retryPeriodMs * 2.2 + 1_000;

let server: TestApiServer;
let seed: KubeClient;
let leaseCount = 0;

beforeAll(async () => {
  server = await startTestApiServer();
  seed = await KubeClient.create({ kubeConfig: server.kubeConfig() });
  await seed.create(namespaces, { metadata: { name: 'leader' } });
  for (const name of ['a', 'b', 'c']) await seed.create(configMaps, configMap('leader', name));
});

afterAll(async () => {
  seed?.close();
  await server?.stop();
});

async function candidates(count: number, election: Partial<LeaderElectionOptions> = {}) {
  const leaseName = `lock-${++leaseCount}`;
  const started: { manager: Manager; reconciled: string[]; lost: string[]; identity: string }[] = [];
  for (let i = 0; i < count; i++) {
    const lost: string[] = [];
    const identity = `replica-${i}`;
    const manager = await Manager.create({
      kubeConfig: server.kubeConfig(),
      namespace: 'leader',
      leaderElection: { leaseName, identity, ...timing, ...election },
      onLostLeadership: () => lost.push(identity),
    });
    const reconciled: string[] = [];
    ControllerBuilder.create(manager)
      .for(configMaps)
      .complete({ reconcile: async (request) => void reconciled.push(request.name) });
    await manager.start();
    started.push({ manager, reconciled, lost, identity });
  }
  const leaders = () => started.filter((c) => c.manager.isLeader());
  const leader = async () => {
    await vi.waitFor(() => expect(leaders()).toHaveLength(1), { timeout: 5_000 });
    return leaders()[0]!;
  };
  return { all: started, leaders, leader, leaseName, stopAll: () => Promise.all(started.map((c) => c.manager.stop())) };
}

describe('leader election between two managers', () => {
  it('lets exactly one lead, and only the leader reconciles', async () => {
    const group = await candidates(2);
    const leader = await group.leader();
    const follower = group.all.find((c) => c !== leader)!;
    await vi.waitFor(() => expect(leader.reconciled.sort()).toEqual(['a', 'b', 'c']));
    await new Promise((resolve) => setTimeout(resolve, 3 * timing.retryPeriodMs));

    expect(group.leaders()).toEqual([leader]);
    expect(follower.reconciled).toEqual([]);
    expect(follower.manager.leader()).toBe(leader.identity);
    const lease = await seed.get<Lease>(leases, { namespace: 'default', name: group.leaseName });
    expect(lease.spec).toMatchObject({ holderIdentity: leader.identity, leaseDurationSeconds: 2 });
    expect(lease.spec?.renewTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    await group.stopAll();
  });

  it('hands over at once when the leader stops and releases the lease', async () => {
    // A lease long enough that "before it expires" cannot be met by a slow machine by chance:
    // a released lease is taken at the follower's next retry, an unreleased one after 20 s.
    const longLease = { leaseDurationMs: 20_000, renewDeadlineMs: 15_000 };
    const group = await candidates(2, longLease);
    const leader = await group.leader();
    const follower = group.all.find((c) => c !== leader)!;
    const stoppedAt = Date.now();
    await leader.manager.stop();
    await vi.waitFor(() => expect(follower.manager.isLeader()).toBe(true), { timeout: longLease.leaseDurationMs });

    expect(Date.now() - stoppedAt).toBeLessThan(longLease.leaseDurationMs);
    await vi.waitFor(() => expect(follower.reconciled.sort()).toEqual(['a', 'b', 'c']));
    await group.stopAll();
  }, 60_000);

  it('takes over within the lease duration (plus one retry) when the leader dies without releasing', async () => {
    const group = await candidates(2, { releaseOnCancel: false });
    const leader = await group.leader();
    const follower = group.all.find((c) => c !== leader)!;
    const diedAt = Date.now();
    await leader.manager.stop();
    expect(follower.manager.isLeader()).toBe(false);
    await vi.waitFor(() => expect(follower.manager.isLeader()).toBe(true), { timeout: takeoverBoundMs, interval: 20 });

    const takeover = Date.now() - diedAt;
    expect(takeover).toBeGreaterThan(timing.leaseDurationMs - timing.retryPeriodMs * 2.2);
    expect(takeover).toBeLessThan(takeoverBoundMs);
    await group.stopAll();
  });

  it('stops reconciling, and reports unhealthy, when it cannot renew within the deadline', async () => {
    const group = await candidates(1);
    const leader = await group.leader();
    expect(leader.manager.healthz().ok).toBe(true);
    await server.restart({ downForMs: timing.renewDeadlineMs + 2 * timing.retryPeriodMs });

    expect(leader.manager.isLeader()).toBe(false);
    expect(leader.lost).toEqual([leader.identity]);
    expect(leader.manager.controllers()[0]?.state.running).toBe(false);
    expect(leader.manager.healthz()).toMatchObject({
      ok: false,
      checks: expect.arrayContaining([expect.objectContaining({ name: 'leader-election', ok: false })]),
    });
    expect(leader.manager.state().leaderElection).toMatchObject({ isLeader: false, lost: true });
    await group.stopAll();
  });
});

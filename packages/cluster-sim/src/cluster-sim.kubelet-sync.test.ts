import { builtinTypes } from '@dojo/runtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Pod } from './core/workload-types.ts';
import type { RunningClusterSim } from './cluster-sim.ts';
import { systemControllers } from './system-controllers.ts';
import { startSimCluster, type SimCluster } from './testing/sim-cluster.ts';

const { namespaces, pods } = builtinTypes;
const ns = 'kubelet-sync';
const eventually = { timeout: 20_000, interval: 50 };

let cluster: SimCluster;
let running: RunningClusterSim;

beforeAll(async () => {
  cluster = await startSimCluster();
  await cluster.client.create(namespaces, { metadata: { name: ns } });
  // Fixed delays, long enough that a pass brought back by the kubelet's own status write
  // would run before the next timed move.
  running = await cluster.startSim({ podStartDelay: { minMs: 150, maxMs: 150 }, podReadyDelay: { minMs: 150, maxMs: 150 } });
});

afterAll(async () => {
  await cluster?.stop();
});

const pod = (name: string, labels: Record<string, string> = {}): Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: ns, labels },
  spec: { containers: [{ name: 'app', image: 'registry.k8s.io/pause:3.10' }] },
});

const kubelet = () => running.sim.controllers.find((c) => c.info.name === systemControllers.kubelet.name)!.controller;

/** Passes that ran to the end (a 409 and its retry count once). */
const completedPasses = (): number => {
  const { success, requeueAfter } = kubelet().status().counts;
  return success + requeueAfter;
};

const isReady = (p: Pod): boolean => p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;

async function untilIdle(): Promise<void> {
  await vi.waitFor(() => {
    const status = kubelet().status();
    expect(status.depth + status.workers.busy).toBe(0);
  }, eventually);
}

describe('the simulated kubelet syncs a Pod when what it runs changes, as kube decides it (config.go checkAndUpdatePod)', () => {
  it('syncs a Pod once per move of its containers (Pending, Running, Ready), not again for the status it wrote itself', async () => {
    const before = completedPasses();
    await cluster.client.create(pods, pod('moves'));
    await vi.waitFor(async () => expect(isReady(await cluster.client.get<Pod>(pods, { namespace: ns, name: 'moves' }))).toBe(true), eventually);
    await untilIdle();
    expect(completedPasses() - before).toBe(3);
  });

  it('syncs it again when its labels change, and stops its containers when it is deleted', async () => {
    await cluster.client.create(pods, pod('relabelled'));
    await vi.waitFor(async () => expect(isReady(await cluster.client.get<Pod>(pods, { namespace: ns, name: 'relabelled' }))).toBe(true), eventually);
    await untilIdle();
    const before = completedPasses();
    await cluster.client.patch(pods, { namespace: ns, name: 'relabelled' }, { type: 'merge', body: { metadata: { labels: { tier: 'web' } } } });
    await vi.waitFor(() => expect(completedPasses() - before).toBe(1), eventually);

    await cluster.client.delete(pods, { namespace: ns, name: 'relabelled' });
    await vi.waitFor(
      async () => expect(await cluster.client.get<Pod>(pods, { namespace: ns, name: 'relabelled' }).catch(() => undefined)).toBeUndefined(),
      eventually,
    );
  });
});

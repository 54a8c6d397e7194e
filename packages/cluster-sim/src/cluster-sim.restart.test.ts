import type { KubeObject } from '@dojo/kube-api';
import { builtinTypes } from '@dojo/runtime';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Deployment, Pod, ReplicaSet } from './core/workload-types.ts';
import { startSimCluster, type SimCluster } from './testing/sim-cluster.ts';

const { deployments, namespaces, pods, replicaSets, configMaps } = builtinTypes;
const ns = 'restart';
const eventually = { timeout: 20_000, interval: 50 };

let cluster: SimCluster;

beforeAll(async () => {
  cluster = await startSimCluster();
  await cluster.client.create(namespaces, { metadata: { name: ns } });
});

afterEach(async () => {
  await cluster.stopSims();
});

afterAll(async () => {
  await cluster?.stop();
});

function deployment(name: string, image: string, replicas: number): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: ns },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'app', image }] } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
    },
  };
}

const listOf = async <T extends KubeObject>(type: typeof pods, app: string): Promise<T[]> =>
  (await cluster.client.list<T>(type, { namespace: ns, labelSelector: `app=${app}` })).items;

describe('a restarted simulated control plane', () => {
  it('finishes a rollout it was stopped in the middle of, from what the API holds', async () => {
    const first = await cluster.startSim({ podStartDelay: { minMs: 100, maxMs: 150 } });
    await cluster.client.create(deployments, deployment('web', 'nginx:1', 4));
    await cluster.kubectlOk(['-n', ns, 'rollout', 'status', 'deployment/web', '--timeout=60s']);
    await cluster.client.patch(
      deployments,
      { namespace: ns, name: 'web' },
      { type: 'merge', body: { spec: { template: { spec: { containers: [{ name: 'app', image: 'nginx:2' }] } } } } },
    );
    await vi.waitFor(async () => {
      const sets = await listOf<ReplicaSet>(replicaSets, 'web');
      expect(sets.filter((rs) => (rs.status?.replicas ?? 0) > 0)).toHaveLength(2);
    }, eventually);
    await first.stop();

    const stopped = await cluster.client.get<Deployment>(deployments, { namespace: ns, name: 'web' });
    expect(stopped.status?.updatedReplicas ?? 0).toBeLessThan(4);

    await cluster.startSim();
    await cluster.kubectlOk(['-n', ns, 'rollout', 'status', 'deployment/web', '--timeout=60s']);
    const running = await listOf<Pod>(pods, 'web');
    expect(running.map((p) => p.spec.containers[0]?.image)).toEqual(['nginx:2', 'nginx:2', 'nginx:2', 'nginx:2']);
    const sets = await listOf<ReplicaSet>(replicaSets, 'web');
    expect(sets.map((rs) => rs.spec.replicas).sort()).toEqual([0, 4]);
    const done = await cluster.client.get<Deployment>(deployments, { namespace: ns, name: 'web' });
    expect(done.status).toMatchObject({ observedGeneration: done.metadata.generation, replicas: 4, updatedReplicas: 4, availableReplicas: 4 });
  });

  it('collects what was deleted and empties namespaces deleted while it was down', async () => {
    await cluster.startSim();
    await cluster.client.create(deployments, deployment('gone', 'nginx:1', 2));
    await cluster.client.create(namespaces, { metadata: { name: 'doomed' } });
    await cluster.client.create(configMaps, { metadata: { name: 'settings', namespace: 'doomed' } });
    await cluster.kubectlOk(['-n', ns, 'rollout', 'status', 'deployment/gone', '--timeout=60s']);
    await cluster.stopSims();

    await cluster.client.delete(deployments, { namespace: ns, name: 'gone' });
    await cluster.client.delete(namespaces, { name: 'doomed' });
    expect(await listOf(pods, 'gone')).toHaveLength(2);

    await cluster.startSim();
    await vi.waitFor(async () => {
      expect(await listOf(replicaSets, 'gone')).toHaveLength(0);
      expect(await listOf(pods, 'gone')).toHaveLength(0);
      expect((await cluster.client.list(namespaces)).items.map((n) => n.metadata.name)).not.toContain('doomed');
    }, eventually);
  });

  it('keeps counting a crash-looping container’s restarts across restarts', async () => {
    await cluster.startSim();
    await cluster.client.create(pods, {
      metadata: { name: 'crashy', namespace: ns, labels: { app: 'crashy' } },
      spec: { containers: [{ name: 'app', image: 'busybox:crash' }] },
    });
    const restarts = async (): Promise<number> =>
      (await cluster.client.get<Pod>(pods, { namespace: ns, name: 'crashy' })).status?.containerStatuses?.[0]?.restartCount ?? 0;
    await vi.waitFor(async () => expect(await restarts()).toBeGreaterThanOrEqual(1), eventually);
    await cluster.stopSims();
    const before = await restarts();
    await cluster.startSim();
    await vi.waitFor(async () => expect(await restarts()).toBeGreaterThan(before), eventually);
  });
});

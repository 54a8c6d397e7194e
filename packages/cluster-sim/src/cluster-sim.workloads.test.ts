import type { KubeObject, WatchEvent } from '@dojo/kube-api';
import { builtinTypes, type ResourceType } from '@dojo/runtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Deployment, Pod, ReplicaSet } from './core/workload-types.ts';
import { startSimCluster, type SimCluster } from './testing/sim-cluster.ts';

const { deployments, events, namespaces, pods, replicaSets } = builtinTypes;
const ns = 'workloads';
const eventually = { timeout: 20_000, interval: 50 };

let cluster: SimCluster;

beforeAll(async () => {
  cluster = await startSimCluster();
  await cluster.client.create(namespaces, { metadata: { name: ns } });
  await cluster.startSim();
});

afterAll(async () => {
  await cluster?.stop();
});

function deployment(name: string, image: string, replicas: number, strategy: Deployment['spec']['strategy']): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: ns },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'app', image }] } },
      ...(strategy ? { strategy } : {}),
    },
  };
}

const setImage = (name: string, image: string): Promise<unknown> =>
  cluster.client.patch(
    deployments,
    { namespace: ns, name },
    { type: 'merge', body: { spec: { template: { spec: { containers: [{ name: 'app', image }] } } } } },
  );

/** Every state of `type` objects labelled app=<app> seen from now until `stop()`, oldest first. */
function record<T extends KubeObject>(type: ResourceType, app: string): { seen: WatchEvent<T>[]; stop: () => void } {
  const abort = new AbortController();
  const seen: WatchEvent<T>[] = [];
  void (async () => {
    for await (const event of cluster.client.watch<T>(type, { namespace: ns, labelSelector: `app=${app}`, signal: abort.signal })) seen.push(event);
  })().catch(() => {});
  return { seen, stop: () => abort.abort() };
}

/** Replays watch events into the set of objects alive after each one. */
function states<T extends KubeObject>(seen: readonly WatchEvent<T>[]): Map<string, T>[] {
  const alive = new Map<string, T>();
  return seen.map((event) => {
    if (event.type === 'DELETED') alive.delete(event.object.metadata.name ?? '');
    else if (event.type !== 'BOOKMARK' && event.type !== 'ERROR') alive.set(event.object.metadata.name ?? '', event.object);
    return new Map(alive);
  });
}

async function eventsFor(name: string, reason: string): Promise<KubeObject[]> {
  return (await cluster.client.list(events, { namespace: ns, fieldSelector: `involvedObject.name=${name},reason=${reason}` })).items;
}

describe.concurrent('Deployments', () => {
  it('keep a rolling update within maxSurge and maxUnavailable at every step', async () => {
    await cluster.client.create(deployments, deployment('surge', 'nginx:1', 4, { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } }));
    await cluster.kubectlOk(['-n', ns, 'rollout', 'status', 'deployment/surge', '--timeout=60s']);
    const watch = record<ReplicaSet>(replicaSets, 'surge');
    await vi.waitFor(() => expect(watch.seen.length).toBeGreaterThan(0), eventually);
    await setImage('surge', 'nginx:2');
    await cluster.kubectlOk(['-n', ns, 'rollout', 'status', 'deployment/surge', '--timeout=60s']);
    watch.stop();
    for (const sets of states(watch.seen)) {
      const all = [...sets.values()];
      expect(all.reduce((n, rs) => n + (rs.spec.replicas ?? 0), 0)).toBeLessThanOrEqual(5);
      expect(all.reduce((n, rs) => n + (rs.status?.availableReplicas ?? 0), 0)).toBeGreaterThanOrEqual(4);
    }
  });

  it('with the Recreate strategy remove every old Pod before creating a new one', async () => {
    await cluster.client.create(deployments, deployment('recreate', 'nginx:1', 2, { type: 'Recreate' }));
    await cluster.kubectlOk(['-n', ns, 'rollout', 'status', 'deployment/recreate', '--timeout=60s']);
    const watch = record<Pod>(pods, 'recreate');
    await vi.waitFor(() => expect(watch.seen.length).toBeGreaterThan(0), eventually);
    await setImage('recreate', 'nginx:2');
    await cluster.kubectlOk(['-n', ns, 'rollout', 'status', 'deployment/recreate', '--timeout=60s']);
    watch.stop();
    for (const alive of states(watch.seen)) {
      expect(new Set([...alive.values()].map((p) => p.spec.containers[0]?.image)).size).toBeLessThanOrEqual(1);
    }
  });

  it('pause, resume and undo with kubectl', async () => {
    await cluster.client.create(deployments, deployment('steer', 'nginx:1', 2, undefined));
    await cluster.kubectlOk(['-n', ns, 'rollout', 'status', 'deployment/steer', '--timeout=60s']);
    await cluster.kubectlOk(['-n', ns, 'rollout', 'pause', 'deployment/steer']);
    await setImage('steer', 'nginx:2');
    await vi.waitFor(async () => {
      const d = await cluster.client.get<Deployment>(deployments, { namespace: ns, name: 'steer' });
      expect(d.status?.conditions?.find((c) => c.type === 'Progressing')).toMatchObject({
        status: 'Unknown',
        reason: 'DeploymentPaused',
        message: 'Deployment is paused',
      });
    }, eventually);
    expect((await cluster.client.list(replicaSets, { namespace: ns, labelSelector: 'app=steer' })).items).toHaveLength(1);

    await cluster.kubectlOk(['-n', ns, 'rollout', 'resume', 'deployment/steer']);
    await cluster.kubectlOk(['-n', ns, 'rollout', 'status', 'deployment/steer', '--timeout=60s']);
    await cluster.kubectlOk(['-n', ns, 'rollout', 'undo', 'deployment/steer']);
    await cluster.kubectlOk(['-n', ns, 'rollout', 'status', 'deployment/steer', '--timeout=60s']);
    const sets = (await cluster.client.list<ReplicaSet>(replicaSets, { namespace: ns, labelSelector: 'app=steer' })).items;
    const current = sets.find((rs) => (rs.spec.replicas ?? 0) > 0);
    expect(sets).toHaveLength(2);
    expect(current?.spec.template.spec?.containers[0]?.image).toBe('nginx:1');
    expect(current?.metadata.annotations).toMatchObject({ 'deployment.kubernetes.io/revision': '3', 'deployment.kubernetes.io/revision-history': '1' });
  });
});

describe('ReplicaSets', () => {
  it('create controlled Pods, replace a deleted one and adopt a matching orphan', async () => {
    const labels = { app: 'plain' };
    await cluster.client.create(replicaSets, {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: { name: 'plain', namespace: ns },
      spec: { replicas: 2, selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers: [{ name: 'app', image: 'nginx:1' }] } } },
    });
    const owned = async (): Promise<Pod[]> => (await cluster.client.list<Pod>(pods, { namespace: ns, labelSelector: 'app=plain' })).items;
    const ready = await vi.waitFor(async () => {
      const rs = await cluster.client.get<ReplicaSet>(replicaSets, { namespace: ns, name: 'plain' });
      expect(rs.status).toMatchObject({ replicas: 2, fullyLabeledReplicas: 2, readyReplicas: 2, availableReplicas: 2, observedGeneration: 1 });
      return rs;
    }, eventually);
    const [first] = await owned();
    expect(first?.metadata.ownerReferences).toEqual([
      { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'plain', uid: ready.metadata.uid, controller: true, blockOwnerDeletion: true },
    ]);

    await cluster.client.delete(pods, { namespace: ns, name: first?.metadata.name ?? '' });
    await vi.waitFor(async () => {
      const now = await owned();
      expect(now).toHaveLength(2);
      expect(now.map((p) => p.metadata.name)).not.toContain(first?.metadata.name);
    }, eventually);

    await cluster.client.create(pods, { metadata: { name: 'stray', namespace: ns, labels }, spec: { containers: [{ name: 'app', image: 'nginx:1' }] } });
    await vi.waitFor(async () => {
      const now = await owned();
      expect(now).toHaveLength(2);
      expect(now.every((p) => p.metadata.ownerReferences?.[0]?.uid === ready.metadata.uid)).toBe(true);
    }, eventually);
  });
});

describe.concurrent('the kubelet', () => {
  it('runs a bare Pod: schedules it, starts its containers and reports them ready', async () => {
    await cluster.client.create(pods, {
      metadata: { name: 'bare', namespace: ns, labels: { app: 'bare' } },
      spec: { containers: [{ name: 'app', image: 'nginx:1' }] },
    });
    const pod = await vi.waitFor(async () => {
      const current = await cluster.client.get<Pod>(pods, { namespace: ns, name: 'bare' });
      expect(current.status?.phase).toBe('Running');
      expect(current.status?.containerStatuses?.[0]?.ready).toBe(true);
      return current;
    }, eventually);
    expect(pod.status?.conditions?.map((c) => `${c.type}=${c.status}`)).toEqual([
      'PodReadyToStartContainers=True',
      'Initialized=True',
      'Ready=True',
      'ContainersReady=True',
      'PodScheduled=True',
    ]);
    expect(pod.status?.podIP).toMatch(/^10\.244\.\d+\.\d+$/);
    expect(pod.status?.containerStatuses?.[0]).toMatchObject({ name: 'app', image: 'nginx:1', started: true, restartCount: 0, state: { running: {} } });
    await vi.waitFor(async () => {
      for (const reason of ['Scheduled', 'Pulling', 'Pulled', 'Created', 'Started']) expect(await eventsFor('bare', reason)).toHaveLength(1);
    }, eventually);
  });

  it('leaves a Pod whose image cannot be pulled Pending, in ErrImagePull and ImagePullBackOff', async () => {
    await cluster.client.create(pods, { metadata: { name: 'nopull', namespace: ns }, spec: { containers: [{ name: 'app', image: 'nginx:missing' }] } });
    await vi.waitFor(async () => {
      const failed = (await eventsFor('nopull', 'Failed')).map((e) => String(e.message));
      expect(failed).toEqual(expect.arrayContaining(['Error: ErrImagePull', 'Error: ImagePullBackOff']));
      expect(failed.some((m) => m.startsWith('Failed to pull image "nginx:missing": rpc error: code = NotFound'))).toBe(true);
    }, eventually);
    const pod = await cluster.client.get<Pod>(pods, { namespace: ns, name: 'nopull' });
    expect(pod.status?.phase).toBe('Pending');
    expect(['ErrImagePull', 'ImagePullBackOff']).toContain(pod.status?.containerStatuses?.[0]?.state.waiting?.reason);
  });

  it('aggregates the repeated BackOff of a crash-looping container into one Event with a growing count', async () => {
    await cluster.client.create(pods, { metadata: { name: 'looping', namespace: ns }, spec: { containers: [{ name: 'app', image: 'busybox:crash' }] } });
    await vi.waitFor(async () => {
      const backOffs = await eventsFor('looping', 'BackOff');
      expect(backOffs).toHaveLength(1);
      expect(backOffs[0]?.count).toBeGreaterThanOrEqual(3);
      expect(backOffs[0]).toMatchObject({
        type: 'Warning',
        source: { component: 'kubelet' },
        reportingComponent: 'kubelet',
        involvedObject: { kind: 'Pod', name: 'looping', fieldPath: 'spec.containers{app}' },
      });
    }, eventually);
  });

  it('stops the containers of a Pod that finalizers keep after its deletion', async () => {
    await cluster.client.create(pods, {
      metadata: { name: 'held', namespace: ns, finalizers: ['example.com/hold'] },
      spec: { containers: [{ name: 'app', image: 'nginx:1' }] },
    });
    await vi.waitFor(async () => expect((await cluster.client.get<Pod>(pods, { namespace: ns, name: 'held' })).status?.phase).toBe('Running'), eventually);
    await cluster.client.delete(pods, { namespace: ns, name: 'held' });
    await vi.waitFor(async () => {
      const pod = await cluster.client.get<Pod>(pods, { namespace: ns, name: 'held' });
      expect(pod.status?.phase).toBe('Succeeded');
      expect(pod.status?.containerStatuses?.[0]?.state.terminated).toMatchObject({ exitCode: 0, reason: 'Completed' });
      expect(await eventsFor('held', 'Killing')).toHaveLength(1);
    }, eventually);
    await cluster.client.patch(pods, { namespace: ns, name: 'held' }, { type: 'merge', body: { metadata: { finalizers: null } } });
  });
});

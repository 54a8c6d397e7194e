import type { KubeObject, WatchEvent } from '@dojo/kube-api';
import { builtinTypes } from '@dojo/runtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ControllerRevision, DaemonSet, Node } from './core/apps-types.ts';
import type { Pod } from './core/workload-types.ts';
import { startSimCluster, type SimCluster } from './testing/sim-cluster.ts';

const { controllerRevisions, daemonSets, leases, namespaces, nodes, pods } = builtinTypes;
const ns = 'daemons';
const eventually = { timeout: 30_000, interval: 50 };
const nodeNames = ['dojo-sim-node', 'dojo-sim-node-2', 'dojo-sim-node-3'];

let cluster: SimCluster;

beforeAll(async () => {
  cluster = await startSimCluster();
  await cluster.client.create(namespaces, { metadata: { name: ns } });
  await cluster.startSim();
});

afterAll(async () => {
  await cluster?.stop();
});

function daemonSet(name: string, spec: Partial<DaemonSet['spec']> = {}, podSpec: Record<string, unknown> = {}): DaemonSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name, namespace: ns },
    spec: {
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'agent', image: 'fluentd:1' }], ...podSpec } },
      ...spec,
    },
  };
}

const podsOf = async (app: string): Promise<Pod[]> => (await cluster.client.list<Pod>(pods, { namespace: ns, labelSelector: `app=${app}` })).items;
const rollout = (name: string): Promise<string> => cluster.kubectlOk(['-n', ns, 'rollout', 'status', `daemonset/${name}`, '--timeout=60s']);

describe('the simulated Nodes', () => {
  it('are three, Ready, reporting kubelet v1.37.2 and their addresses, each renewing its Lease', async () => {
    const list = (await cluster.client.list<Node>(nodes)).items;
    expect(list.map((n) => n.metadata.name).sort()).toEqual(nodeNames);
    for (const node of list) {
      expect(node.status?.conditions?.find((c) => c.type === 'Ready')).toMatchObject({ status: 'True', reason: 'KubeletReady' });
      expect(node.status).toMatchObject({ nodeInfo: { kubeletVersion: 'v1.37.2' }, allocatable: { pods: '110' } });
    }
    expect(list.find((n) => n.metadata.name === 'dojo-sim-node-2')?.status?.addresses).toEqual([
      { type: 'InternalIP', address: '172.18.0.3' },
      { type: 'Hostname', address: 'dojo-sim-node-2' },
    ]);
    await vi.waitFor(async () => {
      const lease = await cluster.client.get<KubeObject & { spec?: Record<string, unknown> }>(leases, {
        namespace: 'kube-node-lease',
        name: 'dojo-sim-node-3',
      });
      expect(lease.spec).toMatchObject({ holderIdentity: 'dojo-sim-node-3', leaseDurationSeconds: 40, renewTime: expect.stringMatching(/\.\d{6}Z$/) });
      expect(lease.metadata.ownerReferences?.[0]).toMatchObject({ apiVersion: 'v1', kind: 'Node', name: 'dojo-sim-node-3' });
    }, eventually);
    const table = await cluster.kubectlOk(['get', 'nodes', '--no-headers']);
    expect(
      table
        .trim()
        .split('\n')
        .map((line) => line.split(/\s+/).slice(0, 2).join(' ')),
    ).toEqual(nodeNames.map((n) => `${n} Ready`));
  });
});

describe.concurrent('DaemonSets', () => {
  it('run one Pod on every Node, pinned to it, and report it', async () => {
    await cluster.client.create(daemonSets, daemonSet('agent'));
    await rollout('agent');
    const running = await podsOf('agent');
    expect(running.map((p) => p.spec.nodeName).sort()).toEqual(nodeNames);
    const pod = running.find((p) => p.spec.nodeName === 'dojo-sim-node-3');
    expect(pod?.metadata.name).toMatch(/^agent-[a-z0-9]{5}$/);
    expect(pod?.metadata.labels).toMatchObject({
      app: 'agent',
      'pod-template-generation': '1',
      'controller-revision-hash': expect.stringMatching(/^[bcdfghjklmnpqrstvwxz2456789]+$/),
    });
    expect(pod?.spec.affinity).toEqual({
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['dojo-sim-node-3'] }] }],
        },
      },
    });
    expect(pod?.spec.tolerations).toContainEqual({ key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' });
    expect(pod?.status?.hostIP).toBe('172.18.0.4');
    const ds = await cluster.client.get<DaemonSet>(daemonSets, { namespace: ns, name: 'agent' });
    expect(ds.status).toMatchObject({
      desiredNumberScheduled: 3,
      currentNumberScheduled: 3,
      numberReady: 3,
      numberAvailable: 3,
      updatedNumberScheduled: 3,
      numberMisscheduled: 0,
      observedGeneration: 1,
    });
    const revisions = (await cluster.client.list<ControllerRevision>(controllerRevisions, { namespace: ns, labelSelector: 'app=agent' })).items;
    expect(revisions.map((r) => [r.metadata.name, r.revision])).toEqual([[`agent-${pod?.metadata.labels?.['controller-revision-hash']}`, 1]]);
  });

  it('run only on Nodes their nodeSelector matches', async () => {
    await cluster.client.patch(nodes, { name: 'dojo-sim-node-2' }, { type: 'merge', body: { metadata: { labels: { 'disk-for-picky': 'ssd' } } } });
    await cluster.client.create(daemonSets, daemonSet('picky', {}, { nodeSelector: { 'disk-for-picky': 'ssd' } }));
    await rollout('picky');
    expect((await podsOf('picky')).map((p) => p.spec.nodeName)).toEqual(['dojo-sim-node-2']);
  });

  it('roll a new template out Node by Node, never leaving more than one Node without a ready daemon', async () => {
    await cluster.client.create(daemonSets, daemonSet('roll'));
    await rollout('roll');
    const seen: WatchEvent<Pod>[] = [];
    const abort = new AbortController();
    void (async () => {
      for await (const event of cluster.client.watch<Pod>(pods, { namespace: ns, labelSelector: 'app=roll', signal: abort.signal })) seen.push(event);
    })().catch(() => {});
    await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0), eventually);
    await cluster.client.patch(
      daemonSets,
      { namespace: ns, name: 'roll' },
      { type: 'merge', body: { spec: { template: { spec: { containers: [{ name: 'agent', image: 'fluentd:2' }] } } } } },
    );
    await rollout('roll');
    abort.abort();
    const alive = new Map<string, Pod>();
    let listed = false; // the watch opens with one ADDED per existing Pod
    for (const event of seen) {
      if (event.type === 'DELETED') alive.delete(event.object.metadata.name ?? '');
      else alive.set(event.object.metadata.name ?? '', event.object);
      listed ||= alive.size === 3;
      if (!listed) continue;
      const readyNodes = new Set(
        [...alive.values()].filter((p) => p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True')).map((p) => p.spec.nodeName),
      );
      expect(readyNodes.size).toBeGreaterThanOrEqual(2);
    }
    const now = await podsOf('roll');
    expect(now.map((p) => p.spec.containers[0]?.image)).toEqual(['fluentd:2', 'fluentd:2', 'fluentd:2']);
    expect(new Set(now.map((p) => p.metadata.labels?.['pod-template-generation']))).toEqual(new Set(['2']));
    const revisions = (await cluster.client.list<ControllerRevision>(controllerRevisions, { namespace: ns, labelSelector: 'app=roll' })).items;
    expect(revisions.map((r) => r.revision).sort()).toEqual([1, 2]);
  });
});

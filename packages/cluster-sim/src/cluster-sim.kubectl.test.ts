import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningClusterSim } from './cluster-sim.ts';
import { systemControllers } from './system-controllers.ts';
import { startSimCluster, type SimCluster } from './testing/sim-cluster.ts';

let cluster: SimCluster;
let sim: RunningClusterSim;

beforeAll(async () => {
  cluster = await startSimCluster();
  sim = await cluster.startSim();
});

afterAll(async () => {
  await cluster?.stop();
});

function deploymentYaml(name: string, image: string, replicas = 3, namespace = 'default'): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
  namespace: ${namespace}
spec:
  replicas: ${replicas}
  selector:
    matchLabels: {app: ${name}}
  template:
    metadata:
      labels: {app: ${name}}
    spec:
      containers:
      - name: app
        image: ${image}
`;
}

const lines = (text: string): string[] => text.split('\n').filter((l) => l.trim() !== '');
const eventually = { timeout: 20_000, interval: 100 };

describe('the simulated cluster, driven with kubectl', () => {
  it('runs its controllers under their system names', () => {
    expect(
      sim.manager
        .controllers()
        .map((c) => c.name)
        .sort(),
    ).toEqual(
      Object.values(systemControllers)
        .map((c) => c.name)
        .sort(),
    );
    expect(sim.sim.controllers.every((c) => c.controller.state().running)).toBe(true);
  });

  it('rolls a 3-replica Deployment out to one ReplicaSet and 3 ready Pods', async () => {
    await cluster.kubectlOk(['apply', '-f', '-'], deploymentYaml('web', 'nginx:1.27'));
    expect(await cluster.kubectlOk(['rollout', 'status', 'deployment/web', '--timeout=60s'])).toContain('deployment "web" successfully rolled out');
    expect(lines(await cluster.kubectlOk(['get', 'replicasets', '-l', 'app=web', '-o', 'name']))).toHaveLength(1);
    const pods = lines(await cluster.kubectlOk(['get', 'pods', '-l', 'app=web', '--no-headers']));
    expect(pods).toHaveLength(3);
    expect(pods.every((l) => /1\/1\s+Running/.test(l))).toBe(true);
  });

  it('rolls a changed image out to a new ReplicaSet, recording the revision', async () => {
    await cluster.kubectlOk(['set', 'image', 'deployment/web', 'app=nginx:1.28']);
    expect(await cluster.kubectlOk(['rollout', 'status', 'deployment/web', '--timeout=60s'])).toContain('successfully rolled out');
    const sets = lines(
      await cluster.kubectlOk([
        'get',
        'replicasets',
        '-l',
        'app=web',
        '--no-headers',
        '-o',
        'custom-columns=REV:.metadata.annotations.deployment\\.kubernetes\\.io/revision,DESIRED:.spec.replicas',
      ]),
    );
    expect(sets.map((l) => l.split(/\s+/).join(' ')).sort()).toEqual(['1 0', '2 3']);
    const images = await cluster.kubectlOk(['get', 'pods', '-l', 'app=web', '-o', 'jsonpath={.items[*].spec.containers[0].image}']);
    expect(images.split(' ')).toEqual(['nginx:1.28', 'nginx:1.28', 'nginx:1.28']);
    expect(await cluster.kubectlOk(['rollout', 'history', 'deployment/web'])).toMatch(/1\s+<none>\s+2\s+<none>/);
  });

  it('scales a Deployment up and down', async () => {
    await cluster.kubectlOk(['scale', 'deployment/web', '--replicas=5']);
    await cluster.kubectlOk(['rollout', 'status', 'deployment/web', '--timeout=60s']);
    expect(lines(await cluster.kubectlOk(['get', 'pods', '-l', 'app=web', '--no-headers']))).toHaveLength(5);
    await cluster.kubectlOk(['scale', 'deployment/web', '--replicas=1']);
    await vi.waitFor(async () => {
      expect(await cluster.kubectlOk(['get', 'deployment', 'web', '-o', 'jsonpath={.status.replicas}/{.status.availableReplicas}'])).toBe('1/1');
      expect(lines(await cluster.kubectlOk(['get', 'pods', '-l', 'app=web', '--no-headers']))).toHaveLength(1);
    }, eventually);
  });

  it('removes the ReplicaSets and Pods of a deleted Deployment', async () => {
    await cluster.kubectlOk(['delete', 'deployment', 'web']);
    await vi.waitFor(async () => {
      expect(await cluster.kubectlOk(['get', 'replicasets,pods', '-l', 'app=web', '-o', 'name'])).toBe('');
    }, eventually);
  });

  it('empties a deleted namespace and then removes it', async () => {
    await cluster.kubectlOk(['create', 'namespace', 'team-a']);
    await cluster.kubectlOk(['apply', '-f', '-'], deploymentYaml('api', 'nginx:1.27', 2, 'team-a'));
    await cluster.kubectlOk(['-n', 'team-a', 'create', 'configmap', 'settings', '--from-literal=mode=demo']);
    await cluster.kubectlOk(['-n', 'team-a', 'rollout', 'status', 'deployment/api', '--timeout=60s']);
    await cluster.kubectlOk(['delete', 'namespace', 'team-a', '--timeout=60s']);
    const gone = await cluster.kubectl(['get', 'namespace', 'team-a']);
    expect(gone.code).not.toBe(0);
    expect(gone.stderr).toContain('NotFound');
    expect(await cluster.kubectlOk(['get', 'pods,replicasets,configmaps', '-n', 'team-a', '-o', 'name'])).toBe('');
  });

  it('keeps a namespace Terminating while finalizers hold its content, and says which', async () => {
    await cluster.kubectlOk(['create', 'namespace', 'team-b']);
    await cluster.kubectlOk(
      ['apply', '-f', '-'],
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: held, namespace: team-b, finalizers: [example.com/hold]}\n',
    );
    await cluster.kubectlOk(['delete', 'namespace', 'team-b', '--wait=false']);
    await vi.waitFor(async () => {
      const conditions = await cluster.kubectlOk([
        'get',
        'namespace',
        'team-b',
        '-o',
        'jsonpath={.status.phase} {.status.conditions[?(@.type=="NamespaceFinalizersRemaining")].message}',
      ]);
      expect(conditions).toBe('Terminating Some content in the namespace has finalizers remaining: example.com/hold in 1 resource instances');
    }, eventually);
    await cluster.kubectlOk(['-n', 'team-b', 'patch', 'configmap', 'held', '--type=merge', '-p', '{"metadata":{"finalizers":null}}']);
    await cluster.kubectlOk(['wait', '--for=delete', 'namespace/team-b', '--timeout=30s']);
  });

  it('never makes a crashing Deployment available, and shows its Pods in CrashLoopBackOff', async () => {
    await cluster.kubectlOk(['apply', '-f', '-'], deploymentYaml('crashy', 'busybox:crash', 2));
    await vi.waitFor(
      async () => {
        const pods = lines(await cluster.kubectlOk(['get', 'pods', '-l', 'app=crashy', '--no-headers']));
        expect(pods).toHaveLength(2);
        expect(pods.every((l) => /0\/1\s+CrashLoopBackOff\s+[1-9]/.test(l))).toBe(true);
      },
      { ...eventually, interval: 20 },
    );
    const available = await cluster.kubectlOk(['get', 'deployment', 'crashy', '-o', 'jsonpath={.status.conditions[?(@.type=="Available")].reason}']);
    expect(available).toBe('MinimumReplicasUnavailable');
    const rollout = await cluster.kubectlOk(['rollout', 'status', 'deployment/crashy', '--watch=false']);
    expect(rollout).toContain('Waiting for deployment "crashy" rollout to finish: 0 of 2 updated replicas are available...');
    await vi.waitFor(
      async () => expect(await cluster.kubectlOk(['get', 'events', '--field-selector', 'reason=BackOff', '-o', 'name'])).not.toBe(''),
      eventually,
    );
  });
});

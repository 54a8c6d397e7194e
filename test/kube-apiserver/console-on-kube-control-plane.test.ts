/**
 * The console on a real control plane that acts: kube-apiserver 1.37 with Kubernetes' own
 * kube-controller-manager and kube-scheduler from the same module, and kwok simulating the
 * kubelets of three Nodes (packages/apiserver/src/testing/kube-control-plane.ts). Started as
 * `npm start -- --kubeconfig <kubeconfig> --install-crds`, the console's Dojo operator reconciles
 * a Dojo there; this time the Deployment it creates is rolled out by the real deployment
 * controller, its Pods are scheduled onto the simulated Nodes and become Ready, and the Dojo
 * becomes Available — the same story the embedded cluster's simulated control plane tells,
 * told by the real one. (console-on-kube-apiserver.test.ts is the same console on a server with
 * no controllers at all.)
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Explanation } from '@dojo/console-protocol';
import { databaseCrd } from '@dojo/cluster-sim';
import {
  startKubeControlPlane,
  type KubeControlPlane,
  kubeOracleAvailable,
  kubeOracleBuildTimeoutMs,
  startKubeOracle,
  type KubeOracle,
} from '@dojo/apiserver/testing';
import { parseCli, runUp, type RunningConsole } from '@dojo/server';
import { testUpOptions } from '@dojo/server/testing';
import { eventually } from '../operators/go-operator-console.ts';

const suite = 'the console on kube-apiserver + kube-controller-manager + kube-scheduler + kwok';
const runnable = kubeOracleAvailable(suite);

interface Condition {
  type: string;
  status: string;
  reason?: string;
}
const condition = (object: { status?: { conditions?: Condition[] } }, type: string): Condition | undefined =>
  object.status?.conditions?.find((c) => c.type === type);

describe.skipIf(!runnable)(suite, () => {
  let dir: string;
  let oracle: KubeOracle;
  let controlPlane: KubeControlPlane;
  let running: RunningConsole;
  const api = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${running.console.url}${path.replace(/^\//, '')}`, { headers: { authorization: `Bearer ${running.token}` } });
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };

  beforeAll(
    async () => {
      dir = mkdtempSync(join(tmpdir(), 'console-on-kube-control-plane-'));
      mkdirSync(join(dir, 'console'), { mode: 0o700 });
      oracle = await startKubeOracle();
      controlPlane = await startKubeControlPlane(oracle, { nodes: 3 });
      const created = await oracle.call('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', databaseCrd());
      expect(created.status).toBe(201);
      const parsed = parseCli(['up', '--kubeconfig', oracle.kubeconfigPath, '--install-crds', '--operators', 'dojo'], {});
      if (parsed.name !== 'up') throw new Error('not an up command');
      const { host: _host, port: _port, apiserverPort: _apiserverPort, dataDir: _dataDir, ...fromFlags } = parsed.options;
      running = await runUp(testUpOptions({ ...fromFlags, dataDir: join(dir, 'console') }));
    },
    kubeOracleBuildTimeoutMs * 2 + 180_000,
  );

  afterAll(async () => {
    await running?.stop();
    await controlPlane?.stop();
    await oracle?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 90_000);

  it('has simulated Nodes that kwok keeps Ready', async () => {
    const { value: nodes } = await eventually(
      async () => (await oracle.call('GET', '/api/v1/nodes')).body.items as { metadata: { name: string }; status?: { conditions?: Condition[] } }[],
      (items) => items.length === 3 && items.every((n) => condition(n, 'Ready')?.status === 'True'),
      () => 'three Ready simulated Nodes',
      60_000,
    );
    expect(nodes.map((n) => n.metadata.name).sort()).toEqual(controlPlane.nodes);
  }, 90_000);

  it('reconciles a Dojo whose Pods the real controllers and scheduler run, until it is Available and the console calls it ready', async () => {
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
    expect((await oracle.call('POST', '/apis/core.jutsu.com/v1/namespaces/default/dojos', dojo)).status).toBe(201);

    // The real deployment controller rolls the Dojo's Deployment out: a ReplicaSet, two Pods on the simulated Nodes, Running and Ready.
    const { value: pods } = await eventually(
      async () =>
        (await oracle.call('GET', '/api/v1/namespaces/default/pods')).body.items as {
          metadata: { ownerReferences?: { kind: string }[] };
          spec: { nodeName?: string };
          status: { phase?: string; conditions?: Condition[] };
        }[],
      (items) => items.length === 2 && items.every((p) => p.status.phase === 'Running' && condition(p, 'Ready')?.status === 'True'),
      () => "the Dojo's two Pods to run and be Ready",
      120_000,
    );
    for (const pod of pods) {
      expect(pod.metadata.ownerReferences?.map((r) => r.kind)).toEqual(['ReplicaSet']);
      expect(controlPlane.nodes).toContain(pod.spec.nodeName);
    }
    const deployment = (await oracle.call('GET', '/apis/apps/v1/namespaces/default/deployments/kata')).body;
    expect(deployment.status).toMatchObject({ observedGeneration: 1, replicas: 2, availableReplicas: 2 });

    // The Dojo operator, through the console, sees it and says so.
    const { value: status } = await eventually(
      async () => (await oracle.call('GET', '/apis/core.jutsu.com/v1/namespaces/default/dojos/kata')).body,
      // Available comes with the first ready replica; the Dojo's status catches up with the second a little later.
      (d) => condition(d, 'Available')?.status === 'True' && d.status?.readyReplicas === 2,
      () => 'the Dojo to become Available with both replicas ready',
      90_000,
    );
    expect(status.status).toMatchObject({ readyReplicas: 2, readyStatus: '2/2' });
    const { value: explanation } = await eventually(
      () => api<Explanation>(`/api/explain?object=${encodeURIComponent('core.jutsu.com/Dojo/default/kata')}`),
      (e) => e.readiness === 'ready',
      () => 'the console to call the Dojo ready',
      60_000,
    );
    expect(explanation.blockers.filter((b) => b.severity === 'blocked')).toEqual([]);
  }, 300_000);
});

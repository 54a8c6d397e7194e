import type { KubeObject } from '@dojo/kube-api';
import { builtinTypes } from '@dojo/runtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Endpoints, EndpointSlice } from './core/service-types.ts';
import type { Deployment } from './core/workload-types.ts';
import { startSimCluster, type SimCluster } from './testing/sim-cluster.ts';

const { configMaps, deployments, endpointSlices, endpoints, namespaces, pods, serviceAccounts, services } = builtinTypes;
const ns = 'services';
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

function deployment(name: string, replicas: number): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: ns },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name: 'app', image: 'nginx:1', ports: [{ name: 'http', containerPort: 8080 }] }] },
      },
    },
  };
}

const service = (name: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name, namespace: ns, labels: { tier: 'front' } },
  spec: { selector: { app: name }, ports: [{ name: 'web', port: 80, targetPort: 'http' }] },
});

const slicesOf = async (name: string): Promise<EndpointSlice[]> =>
  (await cluster.client.list<EndpointSlice>(endpointSlices, { namespace: ns, labelSelector: `kubernetes.io/service-name=${name}` })).items;

describe.concurrent('the simulated control plane', () => {
  it("keeps a Service's Endpoints and EndpointSlices listing the Pods it selects, on their named port", async () => {
    await cluster.client.create(services, service('shop'));
    await cluster.client.create(deployments, deployment('shop', 2));
    await cluster.kubectlOk(['-n', ns, 'rollout', 'status', 'deployment/shop', '--timeout=60s']);
    const running = (await cluster.client.list(pods, { namespace: ns, labelSelector: 'app=shop' })).items;
    await vi.waitFor(async () => {
      const ep = await cluster.client.get<Endpoints>(endpoints, { namespace: ns, name: 'shop' });
      expect(ep.metadata.labels).toEqual({ tier: 'front', 'endpoints.kubernetes.io/managed-by': 'endpoint-controller' });
      expect(ep.subsets).toHaveLength(1);
      expect(ep.subsets?.[0]?.ports).toEqual([{ name: 'web', port: 8080, protocol: 'TCP' }]);
      expect(ep.subsets?.[0]?.addresses?.map((a) => a.targetRef.name).sort()).toEqual(running.map((p) => p.metadata.name).sort());
      expect(ep.subsets?.[0]?.notReadyAddresses).toBeUndefined();
    }, eventually);
    await vi.waitFor(async () => {
      const [slice, ...others] = await slicesOf('shop');
      expect(others).toEqual([]);
      expect(slice?.metadata.name).toMatch(/^shop-[a-z0-9]{5}$/);
      expect(slice?.metadata.labels).toMatchObject({ 'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io', tier: 'front' });
      expect(slice?.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'Service', name: 'shop', controller: true });
      expect(slice?.addressType).toBe('IPv4');
      expect(slice?.endpoints.map((e) => e.conditions)).toEqual([
        { ready: true, serving: true, terminating: false },
        { ready: true, serving: true, terminating: false },
      ]);
      expect(slice?.endpoints.every((e) => e.nodeName === 'dojo-sim-node' && e.targetRef.kind === 'Pod')).toBe(true);
    }, eventually);
    // kubectl reads them back as any cluster's.
    expect(await cluster.kubectlOk(['-n', ns, 'get', 'endpoints', 'shop', '-o', 'jsonpath={.subsets[0].ports[0].port}'])).toBe('8080');

    await cluster.client.patch(deployments, { namespace: ns, name: 'shop' }, { type: 'merge', body: { spec: { replicas: 0 } } });
    await vi.waitFor(async () => {
      expect((await cluster.client.get<Endpoints>(endpoints, { namespace: ns, name: 'shop' })).subsets).toBeUndefined();
      expect((await slicesOf('shop')).map((s) => s.endpoints)).toEqual([[]]);
    }, eventually);
    await cluster.client.delete(services, { namespace: ns, name: 'shop' });
    await vi.waitFor(async () => {
      expect((await cluster.client.list(endpoints, { namespace: ns, fieldSelector: 'metadata.name=shop' })).items).toEqual([]);
      expect(await slicesOf('shop')).toEqual([]);
    }, eventually);
  });

  it('leaves Endpoints and EndpointSlices alone once they are right, unnamed ports included', async () => {
    await cluster.client.create(deployments, deployment('calm', 1));
    await cluster.client.create(services, {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'calm', namespace: ns },
      spec: { selector: { app: 'calm' }, ports: [{ port: 80, targetPort: 8080 }] },
    });
    await cluster.kubectlOk(['-n', ns, 'rollout', 'status', 'deployment/calm', '--timeout=60s']);
    const versions = async (): Promise<string[]> => [
      (await cluster.client.get(endpoints, { namespace: ns, name: 'calm' })).metadata.resourceVersion ?? '',
      ...(await slicesOf('calm')).map((s) => `${s.metadata.name ?? ''}@${s.metadata.resourceVersion ?? ''}`),
    ];
    await vi.waitFor(async () => expect((await slicesOf('calm'))[0]?.endpoints[0]?.conditions.ready).toBe(true), eventually);
    const settled = await versions();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await versions()).toEqual(settled);
    expect(settled).toHaveLength(2);
  });

  it('gives every Namespace its default ServiceAccount and the kube-root-ca.crt ConfigMap with the cluster CA', async () => {
    await cluster.client.create(namespaces, { metadata: { name: 'fresh' } });
    await vi.waitFor(async () => {
      await cluster.client.get(serviceAccounts, { namespace: 'fresh', name: 'default' });
      const ca = await cluster.client.get<KubeObject & { data?: Record<string, string> }>(configMaps, { namespace: 'fresh', name: 'kube-root-ca.crt' });
      expect(ca.data?.['ca.crt']).toContain('-----BEGIN CERTIFICATE-----');
      expect(ca.metadata.annotations?.['kubernetes.io/description']).toMatch(/^Contains a CA bundle/);
    }, eventually);
    await cluster.client.delete(serviceAccounts, { namespace: 'fresh', name: 'default' });
    await vi.waitFor(
      async () => expect((await cluster.client.get(serviceAccounts, { namespace: 'fresh', name: 'default' })).metadata.name).toBe('default'),
      eventually,
    );
    expect((await cluster.client.list(serviceAccounts, { namespace: ns })).items.map((sa) => sa.metadata.name)).toContain('default');
  });
});

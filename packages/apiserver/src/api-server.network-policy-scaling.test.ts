/**
 * The networking, policy, autoscaling, discovery, storage and scheduling kinds over real HTTPS:
 * every verb and patch type in JSON and protobuf, kube's defaults, the validation errors people
 * meet, the Table columns `kubectl get` prints, and HPAs read and written in both versions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeObject, encodeObject } from './http/protobuf/envelope.ts';
import { networkPolicyScalingSamples as samples } from './testing/network-policy-scaling-samples.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

const pb = 'application/vnd.kubernetes.protobuf';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  expect((await server.call('POST', '/api/v1/namespaces', { metadata: { name: 'samples' } })).status).toBe(201);
});
afterAll(async () => {
  await server?.stop();
});

interface KindCase {
  collection: string;
  sample: (typeof samples)[string];
}

const ns = '/namespaces/samples';
const kinds: Record<string, KindCase> = {
  Ingress: { collection: `/apis/networking.k8s.io/v1${ns}/ingresses`, sample: samples.Ingress! },
  IngressClass: { collection: '/apis/networking.k8s.io/v1/ingressclasses', sample: samples.IngressClass! },
  NetworkPolicy: { collection: `/apis/networking.k8s.io/v1${ns}/networkpolicies`, sample: samples.NetworkPolicy! },
  PodDisruptionBudget: { collection: `/apis/policy/v1${ns}/poddisruptionbudgets`, sample: samples.PodDisruptionBudget! },
  HorizontalPodAutoscaler: { collection: `/apis/autoscaling/v2${ns}/horizontalpodautoscalers`, sample: samples.HorizontalPodAutoscaler! },
  EndpointSlice: { collection: `/apis/discovery.k8s.io/v1${ns}/endpointslices`, sample: samples.EndpointSlice! },
  StorageClass: { collection: '/apis/storage.k8s.io/v1/storageclasses', sample: samples.StorageClass! },
  PriorityClass: { collection: '/apis/scheduling.k8s.io/v1/priorityclasses', sample: samples.PriorityClass! },
};

const named = (c: KindCase, name: string) => ({ ...c.sample, metadata: { ...c.sample.metadata, name } });
const decode = (raw: Buffer) => decodeObject(raw, { apiVersion: '', kind: '' });

describe.each(Object.entries(kinds))('%s', (kind, c) => {
  const name = `rt-${kind.toLowerCase()}`;
  const url = `${c.collection}/${name}`;

  it('is created, read, listed, updated, patched four ways and deleted in JSON', async () => {
    const created = await server.call('POST', c.collection, named(c, name));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject(named(c, name));
    expect((await server.call('GET', url)).body).toMatchObject(named(c, name));
    const list = await server.call('GET', c.collection);
    expect(list.body.kind).toBe(`${kind}List`);
    expect(list.body.items.map((i: any) => i.metadata.name)).toContain(name);

    const updated = await server.call('PUT', url, { ...created.body, metadata: { ...created.body.metadata, labels: { step: 'put' } } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.metadata.labels).toEqual({ step: 'put' });

    const patches: [string, unknown, string][] = [
      ['application/strategic-merge-patch+json', { metadata: { labels: { step: 'smp' } } }, 'smp'],
      ['application/merge-patch+json', { metadata: { labels: { step: 'merge' } } }, 'merge'],
      ['application/json-patch+json', [{ op: 'replace', path: '/metadata/labels/step', value: 'json' }], 'json'],
    ];
    for (const [type, body, step] of patches) {
      const res = await server.call('PATCH', url, body, { 'content-type': type });
      expect(res.status, `${type}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.metadata.labels.step).toBe(step);
    }
    const apply = { apiVersion: c.sample.apiVersion, kind, metadata: { name, labels: { applied: 'yes' } } };
    const applied = await server.call('PATCH', `${url}?fieldManager=tester&force=true`, apply, { 'content-type': 'application/apply-patch+yaml' });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.metadata.labels).toMatchObject({ applied: 'yes', step: 'json' });

    expect((await server.call('DELETE', url)).status).toBe(200);
    expect((await server.call('GET', url)).status).toBe(404);
  });

  it('is created, read and listed in protobuf', async () => {
    const pbName = `pb-${kind.toLowerCase()}`;
    const res = await server.call('POST', c.collection, encodeObject(named(c, pbName)), { 'content-type': pb, accept: pb });
    expect(res.status, res.raw.toString()).toBe(201);
    expect(decode(res.raw)).toMatchObject(named(c, pbName));
    expect(decode((await server.call('GET', `${c.collection}/${pbName}`, undefined, { accept: pb })).raw)).toMatchObject(named(c, pbName));
    const list = decode((await server.call('GET', c.collection, undefined, { accept: pb })).raw);
    expect(list.kind).toBe(`${kind}List`);
    expect((list.items as any[]).map((i) => i.metadata.name)).toContain(pbName);
  });
});

const create = (collection: string, body: unknown) => server.call('POST', collection, body);

describe('defaults as kube sets them', () => {
  it('gives a NetworkPolicy its policyTypes from its rules and its ports TCP', async () => {
    const res = await create(kinds.NetworkPolicy!.collection, { metadata: { name: 'np-defaults' }, spec: { egress: [{ ports: [{ port: 53 }] }] } });
    expect(res.body.spec).toEqual({ podSelector: {}, egress: [{ ports: [{ port: 53, protocol: 'TCP' }] }], policyTypes: ['Ingress', 'Egress'] });
    expect(res.body.metadata.generation).toBe(1);
  });

  it('gives an HPA minReplicas 1 and an 80% CPU target, and fills a partial behavior', async () => {
    const res = await create(kinds.HorizontalPodAutoscaler!.collection, {
      metadata: { name: 'hpa-defaults' },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
        maxReplicas: 5,
        behavior: { scaleDown: { stabilizationWindowSeconds: 60 } },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.spec).toEqual({
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
      minReplicas: 1,
      maxReplicas: 5,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }],
      behavior: {
        scaleUp: {
          stabilizationWindowSeconds: 0,
          selectPolicy: 'Max',
          policies: [
            { type: 'Pods', value: 4, periodSeconds: 15 },
            { type: 'Percent', value: 100, periodSeconds: 15 },
          ],
        },
        scaleDown: { stabilizationWindowSeconds: 60, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] },
      },
    });
    expect(res.body.status).toEqual({ currentMetrics: null, desiredReplicas: 0 });
  });

  it('gives an EndpointSlice port an empty name and TCP', async () => {
    const res = await create(kinds.EndpointSlice!.collection, {
      metadata: { name: 'eps-defaults' },
      addressType: 'IPv4',
      endpoints: [],
      ports: [{ port: 80 }],
    });
    expect(res.body.ports).toEqual([{ name: '', protocol: 'TCP', port: 80 }]);
  });

  it('gives a StorageClass reclaimPolicy Delete and volumeBindingMode Immediate', async () => {
    const res = await create(kinds.StorageClass!.collection, { metadata: { name: 'sc-defaults' }, provisioner: 'example.com/disk' });
    expect(res.body).toMatchObject({ reclaimPolicy: 'Delete', volumeBindingMode: 'Immediate' });
  });

  it('gives a PriorityClass preemptionPolicy PreemptLowerPriority', async () => {
    const res = await create(kinds.PriorityClass!.collection, { metadata: { name: 'pc-defaults' }, value: 10 });
    expect(res.body).toMatchObject({ preemptionPolicy: 'PreemptLowerPriority', metadata: { generation: 1 } });
  });

  it('starts a PDB with zero counters and clears what a client sent as status', async () => {
    const res = await create(kinds.PodDisruptionBudget!.collection, {
      metadata: { name: 'pdb-defaults' },
      spec: { maxUnavailable: 1 },
      status: { disruptionsAllowed: 7 },
    });
    expect(res.body.status).toEqual({ disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 });
    const ing = await create(kinds.Ingress!.collection, {
      metadata: { name: 'ing-status' },
      spec: { defaultBackend: { service: { name: 'web', port: { number: 80 } } } },
      status: { loadBalancer: { ingress: [{ ip: '1.2.3.4' }] } },
    });
    expect(ing.body.status).toEqual({ loadBalancer: {} });
  });

  it("creates kube's system PriorityClasses at start", async () => {
    const list = await server.call('GET', kinds.PriorityClass!.collection);
    const system = list.body.items.filter((i: any) => i.metadata.name.startsWith('system-'));
    expect(system.map((i: any) => [i.metadata.name, i.value, i.preemptionPolicy])).toEqual([
      ['system-cluster-critical', 2000000000, 'PreemptLowerPriority'],
      ['system-node-critical', 2000001000, 'PreemptLowerPriority'],
    ]);
  });
});

describe('discovery and autoscaling/v1 on the wire', () => {
  it("lists the resources with kube's short names, categories and status subresources", async () => {
    const names = async (groupVersion: string) =>
      (await server.call('GET', `/apis/${groupVersion}`)).body.resources.map((r: any) => [r.name, r.shortNames ?? [], r.categories ?? [], r.verbs.length]);
    expect(await names('networking.k8s.io/v1')).toEqual([
      ['ingressclasses', [], [], 8],
      ['ingresses', ['ing'], [], 8],
      ['ingresses/status', [], [], 3],
      ['networkpolicies', ['netpol'], [], 8],
    ]);
    expect(await names('policy/v1')).toEqual([
      ['poddisruptionbudgets', ['pdb'], [], 8],
      ['poddisruptionbudgets/status', [], [], 3],
    ]);
    for (const version of ['v1', 'v2']) {
      expect(await names(`autoscaling/${version}`)).toEqual([
        ['horizontalpodautoscalers', ['hpa'], ['all'], 8],
        ['horizontalpodautoscalers/status', [], [], 3],
      ]);
    }
    expect(await names('discovery.k8s.io/v1')).toEqual([['endpointslices', [], [], 8]]);
    expect(await names('storage.k8s.io/v1')).toEqual([['storageclasses', ['sc'], [], 8]]);
    expect(await names('scheduling.k8s.io/v1')).toEqual([['priorityclasses', ['pc'], [], 8]]);
  });

  it('speaks autoscaling/v1 HPAs in protobuf, converted from the stored v2', async () => {
    const v1 = {
      apiVersion: 'autoscaling/v1',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'pb-v1' },
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, maxReplicas: 3, targetCPUUtilizationPercentage: 55 },
    };
    const collection = '/apis/autoscaling/v1/namespaces/samples/horizontalpodautoscalers';
    const res = await server.call('POST', collection, encodeObject(v1), { 'content-type': pb, accept: pb });
    expect(res.status, res.raw.toString()).toBe(201);
    expect(decode(res.raw)).toMatchObject({ ...v1, spec: { ...v1.spec, minReplicas: 1 }, status: { currentReplicas: 0, desiredReplicas: 0 } });
    const v2 = decode((await server.call('GET', '/apis/autoscaling/v2/namespaces/samples/horizontalpodautoscalers/pb-v1', undefined, { accept: pb })).raw);
    expect((v2.spec as any).metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 55 } } }]);
  });
});

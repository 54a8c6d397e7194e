/**
 * The rules of the networking, policy, autoscaling, discovery, storage and scheduling kinds as
 * a client meets them: kube's validation messages at kube's field paths, the columns of
 * `kubectl get`, and one HorizontalPodAutoscaler seen through autoscaling/v1 and v2.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const at = {
  ingresses: '/apis/networking.k8s.io/v1/namespaces/default/ingresses',
  ingressClasses: '/apis/networking.k8s.io/v1/ingressclasses',
  networkPolicies: '/apis/networking.k8s.io/v1/namespaces/default/networkpolicies',
  pdbs: '/apis/policy/v1/namespaces/default/poddisruptionbudgets',
  hpasV2: '/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers',
  hpasV1: '/apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers',
  endpointSlices: '/apis/discovery.k8s.io/v1/namespaces/default/endpointslices',
  storageClasses: '/apis/storage.k8s.io/v1/storageclasses',
  priorityClasses: '/apis/scheduling.k8s.io/v1/priorityclasses',
};

/** The causes of a 422, as "field: message". */
async function rejected(method: string, path: string, body: unknown): Promise<string[]> {
  const res = await server.call(method, path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.reason).toBe('Invalid');
  return res.body.details.causes.map((c: any) => `${c.field}: ${c.message}`);
}

const backend = { service: { name: 'web', port: { number: 80 } } };
const rule = (path: Record<string, unknown>) => ({ host: 'example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend, ...path }] } });
const hpa = (name: string, spec: Record<string, unknown>) => ({
  metadata: { name },
  spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, maxReplicas: 3, ...spec },
});

describe('validation people meet', () => {
  it('requires an Ingress path type, absolute paths, and one backend with one port', async () => {
    expect(await rejected('POST', at.ingresses, { metadata: { name: 'bad' }, spec: { rules: [rule({ pathType: undefined })] } })).toEqual([
      'spec.rules[0].http.paths[0].pathType: Required value: pathType must be specified',
    ]);
    expect(await rejected('POST', at.ingresses, { metadata: { name: 'bad' }, spec: { rules: [rule({ path: 'api', pathType: 'Exact' })] } })).toEqual([
      'spec.rules[0].http.paths[0].path: Invalid value: "api": must be an absolute path',
    ]);
    expect(await rejected('POST', at.ingresses, { metadata: { name: 'bad' }, spec: { rules: [rule({ pathType: 'Regex' })] } })).toEqual([
      'spec.rules[0].http.paths[0].pathType: Unsupported value: "Regex": supported values: "Exact", "ImplementationSpecific", "Prefix"',
    ]);
    const both = { service: { name: 'web', port: { number: 80 } }, resource: { kind: 'Bucket', name: 'b' } };
    expect(await rejected('POST', at.ingresses, { metadata: { name: 'bad' }, spec: { rules: [rule({ backend: both })] } })).toEqual([
      'spec.rules[0].http.paths[0].backend: Invalid value: "": cannot set both resource and service backends',
    ]);
    expect(
      await rejected('POST', at.ingresses, {
        metadata: { name: 'bad' },
        spec: { rules: [rule({ backend: { service: { name: 'web', port: { name: 'http', number: 80 } } } })] },
      }),
    ).toEqual(['spec.rules[0].http.paths[0].backend: Invalid value: "": cannot set both port name & port number']);
    expect(
      await rejected('POST', at.ingresses, { metadata: { name: 'bad' }, spec: { rules: [rule({ backend: { service: { name: 'web', port: {} } } })] } }),
    ).toEqual(['spec.rules[0].http.paths[0].backend: Required value: port name or number is required']);
    expect(await rejected('POST', at.ingresses, { metadata: { name: 'bad' }, spec: {} })).toEqual([
      'spec: Invalid value: null: either `defaultBackend` or `rules` must be specified',
    ]);
  });

  it('gives an Ingress without a class the newest default IngressClass', async () => {
    const isDefault = { 'ingressclass.kubernetes.io/is-default-class': 'true' };
    await server.call('POST', at.ingressClasses, { metadata: { name: 'first-default', annotations: isDefault }, spec: { controller: 'example.com/a' } });
    await new Promise((r) => setTimeout(r, 1100)); // creationTimestamp has second precision
    await server.call('POST', at.ingressClasses, { metadata: { name: 'newer-default', annotations: isDefault }, spec: { controller: 'example.com/b' } });
    const classless = await server.call('POST', at.ingresses, { metadata: { name: 'classless' }, spec: { defaultBackend: backend } });
    expect(classless.body.spec.ingressClassName).toBe('newer-default');
    const legacy = await server.call('POST', at.ingresses, {
      metadata: { name: 'legacy', annotations: { 'kubernetes.io/ingress.class': 'old' } },
      spec: { defaultBackend: backend },
    });
    expect(legacy.body.spec.ingressClassName).toBeUndefined();
  });

  it('keeps an IngressClass controller fixed', async () => {
    expect((await server.call('POST', at.ingressClasses, { metadata: { name: 'nginx' }, spec: { controller: 'k8s.io/ingress-nginx' } })).status).toBe(201);
    const res = await server.call(
      'PATCH',
      `${at.ingressClasses}/nginx`,
      { spec: { controller: 'example.com/other' } },
      { 'content-type': 'application/merge-patch+json' },
    );
    expect(res.body.details.causes).toEqual([
      { reason: 'FieldValueInvalid', field: 'spec.controller', message: 'Invalid value: "example.com/other": field is immutable' },
    ]);
  });

  it('checks NetworkPolicy ports, peers and policy types', async () => {
    expect(
      await rejected('POST', at.networkPolicies, {
        metadata: { name: 'bad' },
        spec: {
          ingress: [{ ports: [{ protocol: 'ICMP', port: 70000 }], from: [{}, { ipBlock: { cidr: '10.0.0.0/8' }, podSelector: {} }] }],
          policyTypes: ['Inbound'],
        },
      }),
    ).toEqual([
      'spec.ingress[0].ports[0].protocol: Unsupported value: "ICMP": supported values: "TCP", "UDP", "SCTP"',
      'spec.ingress[0].ports[0].port: Invalid value: 70000: must be between 1 and 65535, inclusive',
      'spec.ingress[0].from[0]: Required value: must specify a peer',
      'spec.ingress[0].from[1]: Forbidden: may not specify both ipBlock and another peer',
      'spec.policyTypes[0]: Unsupported value: "Inbound": supported values: "Ingress", "Egress"',
    ]);
  });

  it('refuses a PDB with both minAvailable and maxUnavailable, or a percent over 100', async () => {
    const causes = await rejected('POST', at.pdbs, { metadata: { name: 'bad' }, spec: { minAvailable: 1, maxUnavailable: '120%' } });
    expect(causes[0]).toMatch(/^spec: Invalid value: .*: minAvailable and maxUnavailable cannot be both set$/);
    expect(causes.slice(1)).toEqual(['spec.maxUnavailable: Invalid value: "120%": must not be greater than 100%']);
    expect(await rejected('POST', at.pdbs, { metadata: { name: 'bad' }, spec: { minAvailable: 'half' } })).toEqual([
      "spec.minAvailable: Invalid value: \"half\": a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
    ]);
  });

  it('checks HPA replica bounds, the scale target and metrics, in v2 and v1 alike', async () => {
    expect(await rejected('POST', at.hpasV2, hpa('bad', { minReplicas: 4, maxReplicas: 2 }))).toEqual([
      'spec.maxReplicas: Invalid value: 2: must be greater than or equal to `minReplicas`',
    ]);
    expect(await rejected('POST', at.hpasV1, { metadata: { name: 'bad' }, spec: { scaleTargetRef: { kind: 'Deployment' }, maxReplicas: 0 } })).toEqual([
      // minReplicas was defaulted to 1 before validation, so kube reports the bound too.
      'spec.maxReplicas: Invalid value: 0: must be greater than or equal to `minReplicas`',
      'spec.scaleTargetRef.name: Required value',
      'spec.scaleTargetRef.apiVersion: Invalid value: "": apiVersion must specify API group',
      // Declarative validation's own error, appended after the handwritten ones it replaces.
      'spec.maxReplicas: Required value',
    ]);
    expect(
      await rejected('POST', at.hpasV2, hpa('bad', { metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization' } } }] })),
    ).toEqual(['spec.metrics[0].resource.target.averageUtilization: Required value: must set either a target raw value or a target utilization']);
    expect(await rejected('POST', at.hpasV2, hpa('bad', { minReplicas: 0 }))).toEqual([
      'spec.metrics: Forbidden: must specify at least one Object or External metric to support scaling to zero replicas',
    ]);
  });

  it('keeps an EndpointSlice address type fixed and its addresses of that type', async () => {
    expect(
      await rejected('POST', at.endpointSlices, {
        metadata: { name: 'bad' },
        addressType: 'IPv4',
        endpoints: [{ addresses: [] }, { addresses: ['fd00::1', '127.0.0.1'] }],
      }),
    ).toEqual([
      'endpoints[0].addresses: Required value: must contain at least 1 address',
      'endpoints[1].addresses: Invalid value: "fd00::1": must be an IPv4 address',
      'endpoints[1].addresses[1]: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)',
    ]);
    expect(
      (await server.call('POST', at.endpointSlices, { metadata: { name: 'web' }, addressType: 'IPv4', endpoints: [{ addresses: ['10.0.0.1'] }] })).status,
    ).toBe(201);
    const res = await server.call(
      'PATCH',
      `${at.endpointSlices}/web`,
      { addressType: 'IPv6', endpoints: [] },
      { 'content-type': 'application/merge-patch+json' },
    );
    expect(res.body.details.causes).toEqual([{ reason: 'FieldValueInvalid', field: 'addressType', message: 'Invalid value: "IPv6": field is immutable' }]);
  });

  it('keeps a StorageClass provisioner fixed', async () => {
    expect((await server.call('POST', at.storageClasses, { metadata: { name: 'fast' }, provisioner: 'example.com/ssd' })).status).toBe(201);
    const res = await server.call('PATCH', `${at.storageClasses}/fast`, { provisioner: 'example.com/hdd' }, { 'content-type': 'application/merge-patch+json' });
    expect(res.body.details.causes).toEqual([
      { reason: 'FieldValueInvalid', field: 'provisioner', message: 'Invalid value: "example.com/hdd": field is immutable' },
    ]);
    expect(await rejected('POST', at.storageClasses, { metadata: { name: 'none' } })).toEqual(['provisioner: Required value']);
  });

  it('reserves system- PriorityClass names, fixes values and allows one global default', async () => {
    expect(await rejected('POST', at.priorityClasses, { metadata: { name: 'system-mine' }, value: 5 })).toEqual([
      "metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: system-mine is not a known system priority class",
    ]);
    expect(await rejected('POST', at.priorityClasses, { metadata: { name: 'huge' }, value: 1_000_000_001 })).toEqual([
      'value: Forbidden: maximum allowed value of a user defined priority is 1000000000',
    ]);
    expect((await server.call('POST', at.priorityClasses, { metadata: { name: 'default-pc' }, value: 5, globalDefault: true })).status).toBe(201);
    const changed = await server.call('PATCH', `${at.priorityClasses}/default-pc`, { value: 6 }, { 'content-type': 'application/merge-patch+json' });
    expect(changed.body.details.causes).toEqual([{ reason: 'FieldValueForbidden', field: 'value', message: 'Forbidden: may not be changed in an update.' }]);
    const second = await server.call('POST', at.priorityClasses, { metadata: { name: 'second' }, value: 6, globalDefault: true });
    expect(second.status).toBe(403);
    expect(second.body.message).toBe(
      'priorityclasses.scheduling.k8s.io "second" is forbidden: PriorityClass default-pc is already marked as default. Only one default can exist',
    );
    expect((await server.call('POST', at.priorityClasses, { metadata: { name: 'second' }, value: 6 })).status).toBe(201);
    const promoted = await server.call('PATCH', `${at.priorityClasses}/second`, { globalDefault: true }, { 'content-type': 'application/merge-patch+json' });
    expect(promoted.status).toBe(403);
    expect(promoted.body.message).toBe(
      'priorityclasses.scheduling.k8s.io "second" is forbidden: PriorityClass default-pc is already marked as default. Only one default can exist',
    );
    const relabelled = await server.call(
      'PATCH',
      `${at.priorityClasses}/default-pc`,
      { metadata: { labels: { still: 'default' } } },
      { 'content-type': 'application/merge-patch+json' },
    );
    expect(relabelled.status).toBe(200);
  });
});

/** The cells of a Table answer, one row per object, Age dropped. */
async function rows(path: string): Promise<{ columns: string[]; cells: unknown[][] }> {
  const res = await server.call('GET', path, undefined, { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const age = res.body.columnDefinitions.findIndex((c: any) => c.name === 'Age');
  return {
    columns: res.body.columnDefinitions.map((c: any) => c.name),
    cells: res.body.rows.map((r: any) => r.cells.filter((_: unknown, i: number) => i !== age)),
  };
}

describe('kubectl get columns', () => {
  it('prints Ingresses, NetworkPolicies and PDBs as kube does', async () => {
    await server.call('POST', at.ingresses, {
      metadata: { name: 'web' },
      spec: { ingressClassName: 'nginx', tls: [{ hosts: ['a.example.com'] }], rules: [rule({}), { host: 'b.example.com', http: rule({}).http }] },
    });
    expect(await rows(`${at.ingresses}/web`)).toEqual({
      columns: ['Name', 'Class', 'Hosts', 'Address', 'Ports', 'Age'],
      cells: [['web', 'nginx', 'example.com,b.example.com', '', '80, 443']],
    });
    await server.call('POST', at.networkPolicies, { metadata: { name: 'np' }, spec: { podSelector: { matchLabels: { tier: 'db', app: 'web' } } } });
    expect(await rows(`${at.networkPolicies}/np`)).toEqual({ columns: ['Name', 'Pod-Selector', 'Age'], cells: [['np', 'app=web,tier=db']] });
    await server.call('POST', at.pdbs, { metadata: { name: 'pdb' }, spec: { minAvailable: '50%' } });
    expect(await rows(`${at.pdbs}/pdb`)).toEqual({
      columns: ['Name', 'Min Available', 'Max Unavailable', 'Allowed Disruptions', 'Age'],
      cells: [['pdb', '50%', 'N/A', 0]],
    });
  });

  it('prints HPAs with their targets in either version', async () => {
    await server.call(
      'POST',
      at.hpasV2,
      hpa('cols', { metrics: [{ type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '1Gi' } } }] }),
    );
    const expected = {
      columns: ['Name', 'Reference', 'Targets', 'MinPods', 'MaxPods', 'Replicas', 'Age'],
      cells: [['cols', 'Deployment/web', 'memory: <unknown>/1Gi', '1', 3, 0]],
    };
    expect(await rows(`${at.hpasV2}/cols`)).toEqual(expected);
    expect(await rows(`${at.hpasV1}/cols`)).toEqual(expected);
  });

  it('prints EndpointSlices, IngressClasses and PriorityClasses as kube does', async () => {
    await server.call('POST', at.endpointSlices, {
      metadata: { name: 'cols' },
      addressType: 'IPv4',
      endpoints: [{ addresses: ['10.0.0.1', '10.0.0.2'] }, { addresses: ['10.0.0.3', '10.0.0.4'] }],
      ports: [{ name: 'http', port: 80 }],
    });
    expect(await rows(`${at.endpointSlices}/cols`)).toEqual({
      columns: ['Name', 'AddressType', 'Ports', 'Endpoints', 'Age'],
      cells: [['cols', 'IPv4', '80', '10.0.0.1,10.0.0.2,10.0.0.3 + 1 more...']],
    });
    await server.call('POST', at.ingressClasses, {
      metadata: { name: 'cols', annotations: { 'ingressclass.kubernetes.io/is-default-class': 'true' } },
      spec: { controller: 'example.com/lb', parameters: { apiGroup: 'example.com', kind: 'Params', name: 'p' } },
    });
    expect(await rows(`${at.ingressClasses}/cols`)).toEqual({
      columns: ['Name', 'Controller', 'Parameters', 'Age'],
      cells: [['cols (default)', 'example.com/lb', 'Params.example.com/p']],
    });
    expect(await rows(`${at.priorityClasses}/system-node-critical`)).toEqual({
      columns: ['Name', 'Value', 'Global-Default', 'Age', 'PreemptionPolicy'],
      cells: [['system-node-critical', 2000001000, false, 'PreemptLowerPriority']],
    });
  });

  it('marks the newest default StorageClass of a list "(default)", never a single get', async () => {
    await server.call('POST', at.storageClasses, {
      metadata: { name: 'std', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } },
      provisioner: 'example.com/disk',
      allowVolumeExpansion: true,
    });
    const list = await rows(at.storageClasses);
    expect(list.columns).toEqual(['Name', 'Provisioner', 'ReclaimPolicy', 'VolumeBindingMode', 'AllowVolumeExpansion', 'Age']);
    expect(list.cells).toContainEqual(['std (default)', 'example.com/disk', 'Delete', 'Immediate', true]);
    expect((await rows(`${at.storageClasses}/std`)).cells).toEqual([['std', 'example.com/disk', 'Delete', 'Immediate', true]]);
  });
});

describe('one HorizontalPodAutoscaler in autoscaling/v1 and v2', () => {
  it('serves v2 as the preferred version', async () => {
    const group = (await server.call('GET', '/apis/autoscaling')).body;
    expect(group.preferredVersion.version).toBe('v2');
    expect(group.versions.map((v: any) => v.version)).toEqual(['v2', 'v1']);
  });

  it('reads a v1 CPU target as a v2 metric, and v2-only parts back through annotations', async () => {
    const created = await server.call('POST', at.hpasV1, {
      metadata: { name: 'conv' },
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, maxReplicas: 4, targetCPUUtilizationPercentage: 70 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      apiVersion: 'autoscaling/v1',
      spec: { minReplicas: 1, maxReplicas: 4, targetCPUUtilizationPercentage: 70 },
      status: { currentReplicas: 0, desiredReplicas: 0 },
    });
    const v2 = (await server.call('GET', `${at.hpasV2}/conv`)).body;
    expect(v2.spec.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }]);

    // A v2 client adds a Pods metric and a behavior; a v1 client sees them as annotations ...
    const pods = { type: 'Pods', pods: { metric: { name: 'qps' }, target: { type: 'AverageValue', averageValue: '10' } } };
    const patched = await server.call(
      'PATCH',
      `${at.hpasV2}/conv`,
      { spec: { metrics: [...v2.spec.metrics, pods], behavior: { scaleDown: { stabilizationWindowSeconds: 30 } } } },
      { 'content-type': 'application/merge-patch+json' },
    );
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const v1 = (await server.call('GET', `${at.hpasV1}/conv`)).body;
    expect(v1.spec.targetCPUUtilizationPercentage).toBe(70);
    expect(JSON.parse(v1.metadata.annotations['autoscaling.alpha.kubernetes.io/metrics'])).toEqual([
      { type: 'Pods', pods: { metricName: 'qps', targetAverageValue: '10' } },
    ]);
    expect(JSON.parse(v1.metadata.annotations['autoscaling.alpha.kubernetes.io/behavior'])).toMatchObject({
      ScaleDown: { StabilizationWindowSeconds: 30, SelectPolicy: 'Max' },
    });

    // ... and its read-modify-write keeps them, while changing the CPU target.
    const put = await server.call('PUT', `${at.hpasV1}/conv`, { ...v1, spec: { ...v1.spec, targetCPUUtilizationPercentage: 50 } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const after = (await server.call('GET', `${at.hpasV2}/conv`)).body;
    expect(after.metadata.annotations).toBeUndefined();
    expect(after.spec.metrics).toEqual([pods, { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }]);
    expect(after.spec.behavior.scaleDown).toEqual({
      stabilizationWindowSeconds: 30,
      selectPolicy: 'Max',
      policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }],
    });
    expect(after.metadata.generation).toBe(3);
  });

  it("gives a v1 HPA without a target kube's implicit 80% CPU", async () => {
    await server.call('POST', at.hpasV1, {
      metadata: { name: 'implicit' },
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, maxReplicas: 2 },
    });
    expect((await server.call('GET', `${at.hpasV1}/implicit`)).body.spec.targetCPUUtilizationPercentage).toBe(80);
    expect((await server.call('GET', `${at.hpasV2}/implicit`)).body.spec.metrics[0].resource.target.averageUtilization).toBe(80);
  });

  it('writes status through /status in either version, conditions kept across v1', async () => {
    const status = {
      currentReplicas: 2,
      desiredReplicas: 3,
      currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 65, averageValue: '130m' } } }],
      conditions: [{ type: 'AbleToScale', status: 'True', reason: 'ReadyForNewScale' }],
    };
    const res = await server.call('PATCH', `${at.hpasV2}/implicit/status`, { status }, { 'content-type': 'application/merge-patch+json' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const v1 = (await server.call('GET', `${at.hpasV1}/implicit`)).body;
    expect(v1.status).toEqual({ currentReplicas: 2, desiredReplicas: 3, currentCPUUtilizationPercentage: 65 });
    expect(JSON.parse(v1.metadata.annotations['autoscaling.alpha.kubernetes.io/conditions'])).toEqual(status.conditions);
    const v1Status = await server.call('PUT', `${at.hpasV1}/implicit/status`, { ...v1, status: { ...v1.status, desiredReplicas: 4 } });
    expect(v1Status.status, JSON.stringify(v1Status.body)).toBe(200);
    const v2 = (await server.call('GET', `${at.hpasV2}/implicit`)).body;
    expect(v2.status).toEqual({ ...status, desiredReplicas: 4 });
    expect((await rows(`${at.hpasV2}/implicit`)).cells[0]![2]).toBe('cpu: 65%/80%');
  });
});

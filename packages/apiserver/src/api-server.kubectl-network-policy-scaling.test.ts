/**
 * kubectl 1.33 (protobuf for built-in kinds) creating and printing Ingresses, PDBs, HPAs and
 * PriorityClasses with its own generators, as against kube-apiserver 1.37.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectlRunner, versionedKubectls, type KubectlRunner } from './testing/kubectl.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

const kubectl133 = versionedKubectls().find((k) => k.version === '1.33');
if (!kubectl133) console.warn('\n*** SKIPPING kubectl 1.33 tests: kubectl.1.33 is not beside the file /usr/bin/kubectl resolves to. ***\n');

let server: TestServer;
let kubectl: KubectlRunner;

beforeAll(async () => {
  server = await startTestServer();
  if (kubectl133) kubectl = kubectlRunner(server.kubeconfigPath, kubectl133.path);
});
afterAll(async () => {
  await server?.stop();
});

const ok = async (args: string[]): Promise<string> => {
  const result = await kubectl.run(args);
  expect(result.stderr, `kubectl ${args.join(' ')}`).toBe('');
  return result.stdout;
};

/** `kubectl get` output as cells, cut where the header's columns start; the AGE column's values replaced. */
function cells(text: string): string[][] {
  const [header, ...rows] = text.trimEnd().split('\n');
  const starts = [...header!.matchAll(/(?:^|\s{2,})(\S)/g)].map((m) => m.index + m[0].length - 1);
  const cut = (line: string) => starts.map((start, i) => line.slice(start, starts[i + 1]).trim());
  const names = cut(header!);
  return [names, ...rows.map((row) => cut(row).map((cell, i) => (names[i] === 'AGE' ? '<age>' : cell)))];
}

describe.skipIf(!kubectl133)('kubectl 1.33 with networking, policy, autoscaling and scheduling kinds', () => {
  it('creates an Ingress from --rule and prints it', async () => {
    expect(await ok(['create', 'ingress', 'web', '--class=nginx', '--rule=foo.example.com/api*=svc:8080,tls=cert', '--rule=bar.example.com/=other:http'])).toBe(
      'ingress.networking.k8s.io/web created\n',
    );
    const ing = JSON.parse(await ok(['get', 'ingress', 'web', '-o', 'json']));
    expect(ing.spec.rules[0]).toEqual({
      host: 'foo.example.com',
      http: { paths: [{ path: '/api', pathType: 'Prefix', backend: { service: { name: 'svc', port: { number: 8080 } } } }] },
    });
    expect(ing.spec.rules[1].http.paths[0]).toEqual({ path: '/', pathType: 'Exact', backend: { service: { name: 'other', port: { name: 'http' } } } });
    const table = cells(await ok(['get', 'ing', 'web', '-o', 'wide']));
    expect(table).toEqual([
      ['NAME', 'CLASS', 'HOSTS', 'ADDRESS', 'PORTS', 'AGE'],
      ['web', 'nginx', 'foo.example.com,bar.example.com', '', '80, 443', '<age>'],
    ]);
  });

  it('refuses an Ingress rule without a path type the way kube does', async () => {
    const res = await kubectl.run(
      ['create', '-f', '-'],
      JSON.stringify({
        apiVersion: 'networking.k8s.io/v1',
        kind: 'Ingress',
        metadata: { name: 'typeless', namespace: 'default' },
        spec: { rules: [{ http: { paths: [{ path: '/', backend: { service: { name: 'web', port: { number: 80 } } } }] } }] },
      }),
    );
    expect(res.stderr).toBe('The Ingress "typeless" is invalid: spec.rules[0].http.paths[0].pathType: Required value: pathType must be specified\n');
  });

  it('creates a PDB and prints it', async () => {
    expect(await ok(['create', 'pdb', 'web', '--selector=app=web', '--min-available=50%'])).toBe('poddisruptionbudget.policy/web created\n');
    expect(cells(await ok(['get', 'pdb', 'web']))).toEqual([
      ['NAME', 'MIN AVAILABLE', 'MAX UNAVAILABLE', 'ALLOWED DISRUPTIONS', 'AGE'],
      ['web', '50%', 'N/A', '0', '<age>'],
    ]);
  });

  it('autoscales a Deployment and prints the HPA', async () => {
    await ok(['create', 'deployment', 'web', '--image=example.com/web:1']);
    expect(await ok(['autoscale', 'deployment', 'web', '--min=2', '--max=5', '--cpu-percent=60'])).toBe('horizontalpodautoscaler.autoscaling/web autoscaled\n');
    const hpa = JSON.parse(await ok(['get', 'hpa', 'web', '-o', 'json']));
    expect(hpa).toMatchObject({
      apiVersion: 'autoscaling/v2',
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 2, maxReplicas: 5 },
    });
    expect(hpa.spec.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } } }]);
    expect(cells(await ok(['get', 'hpa', 'web', '-o', 'wide']))).toEqual([
      ['NAME', 'REFERENCE', 'TARGETS', 'MINPODS', 'MAXPODS', 'REPLICAS', 'AGE'],
      ['web', 'Deployment/web', 'cpu: <unknown>/60%', '2', '5', '0', '<age>'],
    ]);
    // describe reads the HPA with the typed client: protobuf, autoscaling/v2.
    expect(await ok(['describe', 'hpa', 'web'])).toMatch(
      /Reference:\s+Deployment\/web\n[^]*resource cpu on pods\s+\(as a percentage of request\):\s+<unknown> \/ 60%\n\s*Min replicas:\s+2\nMax replicas:\s+5/,
    );
    const v1 = JSON.parse(await ok(['get', '--raw', '/apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers/web']));
    expect(v1.spec).toEqual({
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
      minReplicas: 2,
      maxReplicas: 5,
      targetCPUUtilizationPercentage: 60,
    });
  });

  it('creates a PriorityClass and lists it beside the system classes', async () => {
    expect(await ok(['create', 'priorityclass', 'high', '--value=1000', '--description=important', '--preemption-policy=Never'])).toBe(
      'priorityclass.scheduling.k8s.io/high created\n',
    );
    expect(cells(await ok(['get', 'pc']))).toEqual([
      ['NAME', 'VALUE', 'GLOBAL-DEFAULT', 'AGE', 'PREEMPTIONPOLICY'],
      ['high', '1000', 'false', '<age>', 'Never'],
      ['system-cluster-critical', '2000000000', 'false', '<age>', 'PreemptLowerPriority'],
      ['system-node-critical', '2000001000', 'false', '<age>', 'PreemptLowerPriority'],
    ]);
    const res = await kubectl.run(['create', 'priorityclass', 'system-mine', '--value=1']);
    expect(res.stderr).toContain("metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only");
  });

  it('prints NetworkPolicies, StorageClasses and EndpointSlices wide', async () => {
    const objects = [
      {
        apiVersion: 'networking.k8s.io/v1',
        kind: 'NetworkPolicy',
        metadata: { name: 'db', namespace: 'default' },
        spec: { podSelector: { matchLabels: { app: 'db' } } },
      },
      {
        apiVersion: 'storage.k8s.io/v1',
        kind: 'StorageClass',
        metadata: { name: 'standard', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } },
        provisioner: 'example.com/disk',
      },
      {
        apiVersion: 'discovery.k8s.io/v1',
        kind: 'EndpointSlice',
        metadata: { name: 'web-1', namespace: 'default' },
        addressType: 'IPv4',
        endpoints: [{ addresses: ['10.0.0.1'] }],
        ports: [{ name: 'http', port: 80 }],
      },
    ];
    const created = await kubectl.run(['create', '-f', '-'], JSON.stringify({ apiVersion: 'v1', kind: 'List', items: objects }));
    expect(created.stderr).toBe('');
    expect(cells(await ok(['get', 'netpol', '-o', 'wide']))).toEqual([
      ['NAME', 'POD-SELECTOR', 'AGE'],
      ['db', 'app=db', '<age>'],
    ]);
    expect(cells(await ok(['get', 'sc', '-o', 'wide']))).toEqual([
      ['NAME', 'PROVISIONER', 'RECLAIMPOLICY', 'VOLUMEBINDINGMODE', 'ALLOWVOLUMEEXPANSION', 'AGE'],
      ['standard (default)', 'example.com/disk', 'Delete', 'Immediate', 'false', '<age>'],
    ]);
    expect(cells(await ok(['get', 'endpointslices', '-o', 'wide']))).toEqual([
      ['NAME', 'ADDRESSTYPE', 'PORTS', 'ENDPOINTS', 'AGE'],
      ['web-1', 'IPv4', '80', '10.0.0.1', '<age>'],
    ]);
  });
});

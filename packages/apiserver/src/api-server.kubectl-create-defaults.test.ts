/**
 * What real kubectl's `create job` and `create service` get back, with every default
 * kube-apiserver 1.37 fills in: a label-less Job read back with its generated labels, and a
 * Service's traffic policies, IP family fields, headless cluster IPs and allocated node ports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectlRunner, type KubectlRunner } from './testing/kubectl.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;
let kubectl: KubectlRunner;

beforeAll(async () => {
  server = await startTestServer();
  kubectl = kubectlRunner(server.kubeconfigPath);
});
afterAll(async () => {
  await server?.stop();
});

const created = async (args: string[]): Promise<any> => {
  const result = await kubectl.run(['create', '-n', 'default', '-o', 'json', ...args]);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
};

describe('kubectl create job', () => {
  it('answers a Job without labels with its template’s generated ones (SetDefaults_Job on every read)', async () => {
    const job = await created(['job', 'j1', '--image=busybox']);
    const uid = job.metadata.uid;
    expect(job.metadata.labels).toEqual({
      'batch.kubernetes.io/controller-uid': uid,
      'batch.kubernetes.io/job-name': 'j1',
      'controller-uid': uid,
      'job-name': 'j1',
    });
    expect(job.spec.selector).toEqual({ matchLabels: { 'batch.kubernetes.io/controller-uid': uid } });
  });
});

describe('kubectl create service', () => {
  it('clusterip: an internal traffic policy and one IPv4 family, single-stack', async () => {
    const svc = await created(['service', 'clusterip', 'svc1', '--tcp=80:8080']);
    expect(svc.spec).toMatchObject({
      type: 'ClusterIP',
      sessionAffinity: 'None',
      internalTrafficPolicy: 'Cluster',
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
    });
    expect(svc.spec.clusterIPs).toEqual([svc.spec.clusterIP]);
  });

  it('headless: clusterIPs ["None"]', async () => {
    const svc = await created(['service', 'clusterip', 'headless', '--clusterip=None', '--tcp=80:8080']);
    expect(svc.spec).toMatchObject({ clusterIP: 'None', clusterIPs: ['None'], ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack' });
  });

  it('nodeport: an external traffic policy and the node port asked for', async () => {
    const svc = await created(['service', 'nodeport', 'np1', '--tcp=80:8080', '--node-port=30123']);
    expect(svc.spec).toMatchObject({
      type: 'NodePort',
      externalTrafficPolicy: 'Cluster',
      internalTrafficPolicy: 'Cluster',
      ports: [{ port: 80, nodePort: 30123 }],
    });
  });

  it('loadbalancer: node ports allocated from 30000-32767, as allocateLoadBalancerNodePorts defaults to true', async () => {
    const svc = await created(['service', 'loadbalancer', 'lb1', '--tcp=80:8080']);
    expect(svc.spec).toMatchObject({ type: 'LoadBalancer', allocateLoadBalancerNodePorts: true, externalTrafficPolicy: 'Cluster' });
    expect(svc.spec.ports[0].nodePort).toBeGreaterThanOrEqual(30000);
    expect(svc.spec.ports[0].nodePort).toBeLessThanOrEqual(32767);
    const replaced = await kubectl.run(
      ['replace', '-o', 'json', '-f', '-'],
      JSON.stringify({ ...svc, spec: { ...svc.spec, ports: [{ ...svc.spec.ports[0], nodePort: undefined }] } }),
    );
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(JSON.parse(replaced.stdout).spec.ports[0].nodePort).toBe(svc.spec.ports[0].nodePort);
  });
});

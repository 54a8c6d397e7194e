/**
 * Kubernetes' own kube-controller-manager 1.37 (built from the module tools/kube-oracle pins) run
 * against the embedded API server with no simulated control plane: a client we did not write
 * that lists and watches nearly every kind with client-go's streaming lists, and writes with
 * resourceVersions. The deployment controller rolls out a Deployment, the garbage collector
 * removes what a deleted Deployment owned, and the namespace controller empties a deleted
 * namespace, as they do on a real cluster. Its log may complain only of the API groups the
 * embedded server does not serve (oracle/unserved-api.ts lists them).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startKubeControlPlane,
  type KubeControlPlane,
  kubeOracleAvailable,
  kubeOracleBuildTimeoutMs,
  startTestServer,
  type TestServer,
} from '@dojo/apiserver/testing';
import { eventually } from '../operators/go-operator-console.ts';

const suite = 'kube-controller-manager 1.37 against the embedded API server';
const runnable = kubeOracleAvailable(suite);

interface Owned {
  metadata: { name: string; ownerReferences?: { kind: string; name: string; controller?: boolean }[] };
}

describe.skipIf(!runnable)(suite, () => {
  let server: TestServer;
  let controlPlane: KubeControlPlane;
  const items = async (path: string): Promise<Owned[]> => (await server.call('GET', path)).body.items as Owned[];

  beforeAll(async () => {
    server = await startTestServer();
    controlPlane = await startKubeControlPlane(server, { components: ['kube-controller-manager'] });
  }, kubeOracleBuildTimeoutMs + 120_000);

  afterAll(async () => {
    await controlPlane?.stop();
    await server?.stop();
  }, 60_000);

  const deployment = (namespace: string, name: string, replicas: number) => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } },
    },
  });

  it('rolls out a Deployment: a ReplicaSet it controls, and Pods the ReplicaSet controls', async () => {
    expect((await server.call('POST', '/apis/apps/v1/namespaces/default/deployments', deployment('default', 'web', 2))).status).toBe(201);
    const { value: replicaSets } = await eventually(
      () => items('/apis/apps/v1/namespaces/default/replicasets'),
      (list) => list.length === 1,
      () => 'its ReplicaSet',
      60_000,
    );
    expect(replicaSets[0]!.metadata.ownerReferences).toEqual([expect.objectContaining({ kind: 'Deployment', name: 'web', controller: true })]);
    const { value: pods } = await eventually(
      () => items('/api/v1/namespaces/default/pods'),
      (list) => list.length === 2,
      () => 'its two Pods',
      60_000,
    );
    for (const pod of pods)
      expect(pod.metadata.ownerReferences).toEqual([expect.objectContaining({ kind: 'ReplicaSet', name: replicaSets[0]!.metadata.name, controller: true })]);
    const { value: status } = await eventually(
      async () => (await server.call('GET', '/apis/apps/v1/namespaces/default/deployments/web')).body.status,
      (s) => s?.observedGeneration === 1 && s.replicas === 2,
      () => 'the deployment controller to write its status',
      60_000,
    );
    // No kubelet: the Pods never become ready, and the controller says so as it does on a real cluster.
    expect(status.conditions).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'Available', status: 'False', reason: 'MinimumReplicasUnavailable' })]),
    );
  }, 120_000);

  it('garbage-collects what a Deployment deleted in the background owned', async () => {
    expect(
      (
        await server.call('DELETE', '/apis/apps/v1/namespaces/default/deployments/web', {
          kind: 'DeleteOptions',
          apiVersion: 'v1',
          propagationPolicy: 'Background',
        })
      ).status,
    ).toBe(200);
    await eventually(
      async () => [...(await items('/apis/apps/v1/namespaces/default/replicasets')), ...(await items('/api/v1/namespaces/default/pods'))],
      (left) => left.length === 0,
      () => 'the ReplicaSet and Pods to be collected',
      60_000,
    );
  }, 90_000);

  it('empties a deleted namespace and then removes it', async () => {
    expect((await server.call('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'doomed' } })).status).toBe(201);
    expect(
      (
        await server.call('POST', '/api/v1/namespaces/doomed/configmaps', {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { name: 'settings' },
          data: { a: '1' },
        })
      ).status,
    ).toBe(201);
    expect((await server.call('POST', '/apis/apps/v1/namespaces/doomed/deployments', deployment('doomed', 'api', 1))).status).toBe(201);
    await eventually(
      () => items('/api/v1/namespaces/doomed/pods'),
      (list) => list.length === 1,
      () => "the doomed namespace's Pod",
      60_000,
    );
    expect((await server.call('DELETE', '/api/v1/namespaces/doomed')).status).toBe(200);
    await eventually(
      () => server.call('GET', '/api/v1/namespaces/doomed'),
      (answer) => answer.status === 404,
      () => 'the namespace controller to finish the namespace',
      90_000,
    );
    expect(await items('/api/v1/namespaces/doomed/configmaps')).toEqual([]);
  }, 150_000);

  it('logs no error but those about the API groups the embedded server does not serve', () => {
    const log = readFileSync(join(controlPlane.logDir, 'kube-controller-manager.log'), 'utf8');
    const errors = log.split('\n').filter((line) => /^E\d{4} /.test(line));
    const unexplained = errors.filter(
      (line) =>
        !line.includes('the server could not find the requested resource') &&
        // Its static-pod manifest path is empty when run outside a node: a notice kube logs at error level.
        !line.includes('The manifest file is empty') &&
        // kube-apiserver's legacy-token tracking writes this ConfigMap in kube-system; the embedded server does not track legacy tokens.
        !line.includes('kube-apiserver-legacy-service-account-token-tracking') &&
        // 1.37's controllers wait until their informer has seen their own last write and retry meanwhile
        // (client-go's read-your-writes check on comparable resourceVersions): a retry it logs, as on any cluster.
        !/read version: \d+ is not as new as written version: \d+/.test(line) &&
        // Races kube-apiserver answers the same way and kube-controller-manager logs on any
        // cluster: a write from a cache a moment old (409, retried), and a controller or its event
        // recorder still writing into the namespace being emptied (NamespaceLifecycle's 403).
        !line.includes('the object has been modified; please apply your changes to the latest version and try again') &&
        !/unable to create new content in namespace \S+ because it is being terminated/.test(line),
    );
    // The lines themselves in the message: a CI log keeps only the failure's first lines.
    expect(unexplained, `unexplained errors:\n${unexplained.join('\n')}`).toEqual([]);
  });
});

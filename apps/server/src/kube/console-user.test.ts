import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KubeTransport } from '@dojo/runtime';
import { startObservedServer, type ObservedServer } from '../testing/observed-server.ts';
import { learnConsoleUser } from './console-user.ts';

let cluster: ObservedServer;
beforeAll(async () => {
  cluster = await startObservedServer();
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
});

async function userOf(kubeconfigPath: string): Promise<{ user: string | undefined; warnings: string[] }> {
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromFile(kubeconfigPath);
  const transport = await KubeTransport.fromKubeConfig(kubeConfig);
  const warnings: string[] = [];
  try {
    return { user: await learnConsoleUser(transport, (m) => warnings.push(m)), warnings };
  } finally {
    transport.close();
  }
}

describe('learnConsoleUser', () => {
  it('asks the API server with a SelfSubjectReview who the kubeconfig authenticates as', async () => {
    expect(await userOf(cluster.apiserver.kubeconfigPath)).toEqual({ user: 'admin', warnings: [] });
    expect(await userOf(cluster.connect('kind-admin').kubeconfigPath)).toEqual({ user: 'kind-admin', warnings: [] });
  });

  it('answers nothing, with one warning, from a server that does not serve SelfSubjectReview', async () => {
    // A kube-apiserver older than 1.28 answers 404 for authentication.k8s.io/v1 selfsubjectreviews.
    const older: Server = createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          kind: 'Status',
          apiVersion: 'v1',
          status: 'Failure',
          message: 'the server could not find the requested resource',
          reason: 'NotFound',
          code: 404,
        }),
      );
    });
    await new Promise<void>((resolve) => older.listen(0, '127.0.0.1', resolve));
    const kubeConfig = new KubeConfig();
    const server = `http://127.0.0.1:${(older.address() as AddressInfo).port}`;
    kubeConfig.loadFromOptions({
      clusters: [{ name: 'old', server, skipTLSVerify: true }],
      users: [{ name: 'u', token: 't' }],
      contexts: [{ name: 'old', cluster: 'old', user: 'u' }],
      currentContext: 'old',
    });
    const transport = await KubeTransport.fromKubeConfig(kubeConfig);
    const warnings: string[] = [];
    try {
      expect(await learnConsoleUser(transport, (m) => warnings.push(m))).toBeUndefined();
      expect(warnings).toEqual([expect.stringContaining('the server could not find the requested resource')]);
    } finally {
      transport.close();
      await new Promise((resolve) => older.close(resolve));
    }
  });
});

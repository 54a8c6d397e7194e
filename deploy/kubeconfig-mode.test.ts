/**
 * Kubeconfig mode against an API server started on its own, as if it were a remote cluster:
 * the console installs the CRDs and runs the operator there, and an RBAC refusal from the
 * cluster reaches the person with the verb and resource it names.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseCrd } from '@dojo/cluster-sim';
import { runUp, type RunningConsole } from '@dojo/server';
import { startTestApiServer, type TestApiServer } from '@dojo/envtest';
import { startRecordingProxy, type RecordingProxy } from './testing/recording-proxy.ts';
import { testUpOptions } from '@dojo/server/testing';

let dir: string;
let cluster: TestApiServer;
let proxy: RecordingProxy;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dojo-kubeconfig-mode-'));
  cluster = await startTestApiServer({ dataDir: join(dir, 'cluster') });
  // A real cluster the Dojo operator runs on has CloudNativePG installed: its Database CRD.
  const kubectl = (args: string[], input?: string) =>
    execFileSync('kubectl', ['--kubeconfig', cluster.kubeconfigPath, '--cache-dir', join(dir, 'kubectl-cache'), ...args], { input, encoding: 'utf8' });
  kubectl(['apply', '-f', '-'], JSON.stringify(databaseCrd()));
  kubectl(['wait', '--for=condition=Established', 'crd/databases.postgresql.cnpg.io', '--timeout=30s']);
}, 60_000);

afterAll(async () => {
  await proxy?.close();
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const upOptions = (kubeconfig: string, dataDir: string) => testUpOptions({ dataDir, kubeconfig, installCrds: true, operators: ['dojo'] });

describe('kubeconfig mode against a separately started API server', () => {
  it('refuses to start when the cluster forbids installing the CRDs, naming the verb and resource', async () => {
    const denying = await startRecordingProxy({
      upstreamKubeconfig: cluster.kubeconfigPath,
      dir,
      deny: (call) => call.resource === 'customresourcedefinitions' && call.verb === 'create',
    });
    try {
      await expect(runUp(upOptions(denying.kubeconfigPath, join(dir, 'denied')))).rejects.toThrow(
        'installing CRD discordchannels.core.jutsu.com: customresourcedefinitions.apiextensions.k8s.io is forbidden: User "system:serviceaccount:dojo-console:dojo-console" cannot create resource "customresourcedefinitions" in API group "apiextensions.k8s.io" at the cluster scope',
      );
    } finally {
      await denying.close();
    }
  }, 60_000);

  it('installs the CRDs, serves the console, and passes a forbidden answer through with its reason', async () => {
    proxy = await startRecordingProxy({
      upstreamKubeconfig: cluster.kubeconfigPath,
      dir,
      deny: (call) => call.resource === 'secrets' && call.verb === 'list' && call.namespace === 'restricted',
    });
    let running: RunningConsole | undefined;
    try {
      running = await runUp(upOptions(proxy.kubeconfigPath, join(dir, 'console')));
      const session = (await (await fetch(`${running.console.url}api/session`, { headers: { authorization: `Bearer ${running.token}` } })).json()) as {
        cluster: { mode: string };
      };
      expect(session.cluster.mode).toBe('kubeconfig');
      expect(proxy.requests.some((r) => r.kind === 'resource' && r.resource === 'customresourcedefinitions' && r.verb === 'create' && r.code === 201)).toBe(
        true,
      );
      const denied = await fetch(`${running.console.url}api/kube/api/v1/namespaces/restricted/secrets`, {
        headers: { authorization: `Bearer ${running.token}` },
      });
      expect(denied.status).toBe(403);
      expect(((await denied.json()) as { message: string }).message).toBe(
        'secrets is forbidden: User "system:serviceaccount:dojo-console:dojo-console" cannot list resource "secrets" in API group "" in the namespace "restricted"',
      );
    } finally {
      await running?.stop();
    }
  }, 90_000);
});

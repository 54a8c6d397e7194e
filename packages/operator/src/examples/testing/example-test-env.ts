/**
 * The operator's test env (embedded API server, its CRDs) plus what the examples need: their
 * own CRD installed at will, a Manager of their own, and the real kubectl against the server.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KubeObject } from '@dojo/kube-api';
import { builtinTypes, Manager, type KubeClient } from '@dojo/runtime';
import { startOperatorTestEnv, type OperatorTestEnv } from '../../testing/operator-test-env.ts';

export interface ExampleTestEnv extends OperatorTestEnv {
  /** Creates the CRD and waits until it is Established (served). */
  installCrd(crd: KubeObject): Promise<void>;
  /** A Manager on the test server, set up by `register` before it starts; stopped by `stop()`. */
  startManager(register: (manager: Manager) => void): Promise<Manager>;
  kubectl(args: readonly string[], stdin?: string): Promise<KubectlResult>;
}

export interface KubectlResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function startExampleTestEnv(): Promise<ExampleTestEnv> {
  const env = await startOperatorTestEnv();
  const managers: Manager[] = [];
  const cacheDir = mkdtempSync(join(tmpdir(), 'kubectl-cache-'));
  return {
    ...env,
    installCrd: (crd) => installCrd(env.api, crd),
    async startManager(register) {
      const manager = await Manager.create({ kubeConfig: env.server.kubeConfig(), fieldManager: 'example-operator' });
      register(manager);
      managers.push(manager);
      await manager.start();
      return manager;
    },
    kubectl: (args, stdin) => kubectl(['--kubeconfig', env.server.kubeconfigPath, '--cache-dir', cacheDir, ...args], stdin),
    async stop() {
      await Promise.all(managers.map((m) => m.stop()));
      await env.stop();
    },
  };
}

async function installCrd(api: KubeClient, crd: KubeObject): Promise<void> {
  const type = builtinTypes.customResourceDefinitions;
  await api.create(type, crd);
  for (let attempt = 0; ; attempt++) {
    const current = await api.get(type, { name: crd.metadata.name! });
    const conditions = (current.status as { conditions?: { type: string; status: string }[] } | undefined)?.conditions ?? [];
    if (conditions.some((c) => c.type === 'Established' && c.status === 'True')) return;
    if (attempt > 200) throw new Error(`CRD ${crd.metadata.name} did not become Established`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function kubectl(args: readonly string[], stdin?: string): Promise<KubectlResult> {
  return new Promise((resolve, reject) => {
    const child = execFile('kubectl', args, { timeout: 20_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      if (error && typeof error.code !== 'number') reject(error);
      else resolve({ code, stdout, stderr });
    });
    child.stdin?.end(stdin ?? '');
  });
}

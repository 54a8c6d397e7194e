/**
 * A simulated cluster for tests: the real embedded API server in a child process (the runtime's
 * test helper), the simulated control plane on a Manager of its own, real kubectl, and a plain
 * client for arranging and asserting. Delays are short, so a rollout takes well under a second.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeClient } from '@dojo/runtime';
import { startTestApiServer, type TestApiServer } from '@dojo/envtest';
import { startClusterSim, type RunningClusterSim, type StartClusterSimOptions } from '../cluster-sim.ts';
import type { ClusterSimOptionsInput } from '../sim-options.ts';

export const fastTiming: ClusterSimOptionsInput = {
  podStartDelay: { minMs: 10, maxMs: 80 },
  podReadyDelay: { minMs: 0, maxMs: 40 },
  podRunTime: { minMs: 50, maxMs: 150 },
  failAfterMs: 50,
  backoff: { baseMs: 150, maxMs: 600 },
  discoveryRefreshMs: 5_000,
};

export interface KubectlResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface SimCluster {
  readonly server: TestApiServer;
  /** Arranges and asserts straight against the API server (no cache). */
  readonly client: KubeClient;
  /** Runs kubectl against the server; never throws on a non-zero exit. */
  kubectl(args: readonly string[], stdin?: string): Promise<KubectlResult>;
  /** Runs kubectl and fails with its stderr unless it exits 0. */
  kubectlOk(args: readonly string[], stdin?: string): Promise<string>;
  /** Starts a simulated control plane (several may run one after another); `clock` may drive it. */
  startSim(options?: ClusterSimOptionsInput & Pick<StartClusterSimOptions, 'clock' | 'containerLogs'>): Promise<RunningClusterSim>;
  /** Stops every control plane started so far. */
  stopSims(): Promise<void>;
  stop(): Promise<void>;
}

export async function startSimCluster(): Promise<SimCluster> {
  const server = await startTestApiServer();
  const client = await KubeClient.create({ kubeConfig: server.kubeConfig(), fieldManager: 'test' });
  const cacheDir = mkdtempSync(join(tmpdir(), 'cluster-sim-kubectl-'));
  const running: RunningClusterSim[] = [];
  const kubectl = (args: readonly string[], stdin?: string): Promise<KubectlResult> =>
    new Promise((resolve) => {
      const child = execFile(
        'kubectl',
        ['--kubeconfig', server.kubeconfigPath, '--cache-dir', cacheDir, ...args],
        { timeout: 90_000 },
        (error, stdout, stderr) => {
          const code = error ? (typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : 1) : 0;
          resolve({ code, stdout, stderr });
        },
      );
      child.stdin?.end(stdin ?? '');
    });
  return {
    server,
    client,
    kubectl,
    async kubectlOk(args, stdin) {
      const result = await kubectl(args, stdin);
      if (result.code !== 0) throw new Error(`kubectl ${args.join(' ')} exited ${result.code}: ${result.stderr}${result.stdout}`);
      return result.stdout;
    },
    async startSim(options = {}) {
      const sim = await startClusterSim({ kubeConfig: server.kubeConfig(), ...fastTiming, ...options });
      running.push(sim);
      return sim;
    },
    async stopSims() {
      for (const sim of running.splice(0)) await sim.stop();
    },
    async stop() {
      for (const sim of running.splice(0)) await sim.stop();
      client.close();
      await server.stop();
    },
  };
}

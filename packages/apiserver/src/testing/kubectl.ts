/** Runs the real kubectl binary against a test server, with an isolated discovery cache. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface KubectlResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function kubectlRunner(kubeconfig: string): {
  run(args: string[], stdin?: string): Promise<KubectlResult>;
  spawn(args: string[]): ChildProcess;
} {
  const cacheDir = mkdtempSync(join(tmpdir(), 'kubectl-cache-'));
  const fullArgs = (args: string[]) => ['--kubeconfig', kubeconfig, '--cache-dir', cacheDir, ...args];
  return {
    run(args, stdin) {
      return new Promise((resolve, reject) => {
        const child = spawn('kubectl', fullArgs(args), { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, KUBECONFIG: kubeconfig } });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
        child.stdin.end(stdin ?? '');
      });
    },
    spawn: (args) => spawn('kubectl', fullArgs(args), { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, KUBECONFIG: kubeconfig } }),
  };
}

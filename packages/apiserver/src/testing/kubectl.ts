/** Runs the real kubectl binary against a test server, with an isolated discovery cache. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface KubectlResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface KubectlRunner {
  /** `extraEnv`: e.g. KUBE_EDITOR for `kubectl edit`. */
  run(args: string[], stdin?: string, extraEnv?: Record<string, string>): Promise<KubectlResult>;
  spawn(args: string[]): ChildProcess;
}

/**
 * `binary` defaults to the newest versioned kubectl beside the dispatcher (`newestKubectl`), or
 * `kubectl` on PATH where there are none.
 */
export function kubectlRunner(kubeconfig: string, binary = newestKubectl()): KubectlRunner {
  const cacheDir = mkdtempSync(join(tmpdir(), 'kubectl-cache-'));
  const fullArgs = (args: string[]) => ['--kubeconfig', kubeconfig, '--cache-dir', cacheDir, ...args];
  const env = { ...process.env, KUBECONFIG: kubeconfig };
  // Named `kubectl` as the dispatcher names what it runs: kubectl's User-Agent (and so the default
  // field manager) comes from its argv[0].
  const argv0 = 'kubectl';
  return {
    run(args, stdin, extraEnv) {
      return new Promise((resolve, reject) => {
        const child = spawn(binary, fullArgs(args), { argv0, stdio: ['pipe', 'pipe', 'pipe'], env: { ...env, ...extraEnv } });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
        child.stdin.end(stdin ?? '');
      });
    },
    spawn: (args) => spawn(binary, fullArgs(args), { argv0, stdio: ['ignore', 'pipe', 'pipe'], env }),
  };
}

export interface VersionedKubectl {
  /** "1.27" ... "1.33" */
  version: string;
  path: string;
}

/**
 * The versioned kubectl binaries (`kubectl.1.27` ... `kubectl.1.33`) that the kubectl dispatcher
 * ships beside the file `kubectl` resolves to, oldest first; empty where there are none.
 */
export function versionedKubectls(dispatcher = '/usr/bin/kubectl'): VersionedKubectl[] {
  if (!existsSync(dispatcher)) return [];
  const dir = dirname(realpathSync(dispatcher));
  return readdirSync(dir)
    .map((file) => /^kubectl\.(1\.(\d+))$/.exec(file))
    .filter((m): m is RegExpExecArray => m !== null)
    .sort((a, b) => Number(a[2]) - Number(b[2]))
    .map((m) => ({ version: m[1]!, path: join(dir, m[0]) }));
}

/**
 * The kubectl the tests run: the newest versioned one (kubectl 1.33 here), not the dispatcher.
 * The dispatcher (/usr/bin/kubectl, Google Cloud SDK's) execs `kubectl.1.NN` only for a server
 * whose minor NN it has; for our 1.37 it runs the kubectl 1.32.4 built into itself (and its
 * `kubectl version` warns of the skew), older than the newest binary beside it.
 */
export function newestKubectl(dispatcher = '/usr/bin/kubectl'): string {
  return versionedKubectls(dispatcher).at(-1)?.path ?? 'kubectl';
}

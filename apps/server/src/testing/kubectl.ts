/** Runs the real kubectl against a console's cluster; rejects with stderr on a non-zero exit. */
import { spawn } from 'node:child_process';

export type Kubectl = (args: string[], stdin?: string) => Promise<string>;

export function kubectlFor(kubeconfigPath: string, cacheDir: string): Kubectl {
  return (args, stdin) =>
    new Promise((resolve, reject) => {
      const child = spawn('kubectl', ['--kubeconfig', kubeconfigPath, '--cache-dir', cacheDir, ...args]);
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`kubectl ${args.join(' ')}: ${err}`))));
      child.stdin.end(stdin ?? '');
    });
}

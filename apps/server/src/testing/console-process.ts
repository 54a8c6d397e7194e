/** `dojo-console up` as a child process on a given data dir, so a test can SIGKILL and restart it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../cli.ts', import.meta.url));

export interface ConsoleProcess {
  child: ChildProcess;
  base: string;
  kubeconfigPath: string;
  token: string;
  /** GET on the console with the console token. */
  get(path: string): Promise<unknown>;
  kill(): Promise<void>;
}

/** `extraArgs` go after the defaults, e.g. `--kubeconfig FILE --leader-elect` for a replica of an outside cluster. */
export async function spawnConsole(dataDir: string, timeoutMs = 60_000, extraArgs: readonly string[] = []): Promise<ConsoleProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', cli, 'up', '--port', '0', '--apiserver-port', '0', '--data-dir', dataDir, ...extraArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const { base, kubeconfigPath } = await new Promise<{ base: string; kubeconfigPath: string }>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`console did not start in ${timeoutMs}ms: ${out}${err}`)), timeoutMs);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const open = /Open:\s+(http:\/\/\S+?)\/login\?token=/.exec(out);
      const kube = /kubectl:\s+kubectl --kubeconfig (\S+)/.exec(out);
      if (open && kube) {
        clearTimeout(timer);
        resolve({ base: open[1]!, kubeconfigPath: kube[1]! });
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`console exited early (${code ?? signal}): ${err}`));
    });
  });
  child.stdout!.resume();
  const token = readFileSync(`${dataDir}/console-token`, 'utf8').trim();
  return {
    child,
    base,
    kubeconfigPath,
    token,
    async get(path) {
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<unknown>;
    },
    kill: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
